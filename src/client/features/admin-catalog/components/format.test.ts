import { describe, expect, it } from 'vitest';
import { toSixteenths } from '../../../../shared/inches';
import { formatPrice, formatSize } from './format';

describe('formatSize', () => {
  it('shows length × width × height in whole inches and fractions', () => {
    expect(
      formatSize({
        Length: toSixteenths({ whole: 12, sixteenths: 6 }),
        Width: toSixteenths({ whole: 10, sixteenths: 4 }),
        Height: toSixteenths({ whole: 6, sixteenths: 0 }),
      }),
    ).toBe('12 3/8″ × 10 1/4″ × 6″');
    expect(formatSize({ Length: 384, Width: 15, Height: 0 })).toBe('24″ × 15/16″ × 0″');
  });
});

describe('formatPrice', () => {
  it('keeps two to four decimals', () => {
    expect(formatPrice(1.2)).toBe('1.20');
    expect(formatPrice(0.1234)).toBe('0.1234');
    expect(formatPrice(1234.5)).toBe('1,234.50');
  });
});
