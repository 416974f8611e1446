import { describe, expect, it } from 'vitest';
import { INCH_FRACTIONS, formatInches, fromSixteenths, toSixteenths } from './inches';

describe('inches', () => {
  it('lists the sixteen fractions from 0 to 15/16 in order', () => {
    expect(INCH_FRACTIONS).toHaveLength(16);
    INCH_FRACTIONS.forEach((f, i) => expect(f.sixteenths).toBe(i));
    expect(INCH_FRACTIONS[0].label).toBe('0');
    expect(INCH_FRACTIONS[15].label).toBe('15/16');
  });

  it.each(INCH_FRACTIONS.map((f) => f.sixteenths))('round-trips 12 and %i/16', (sixteenths) => {
    const total = toSixteenths({ whole: 12, sixteenths });
    expect(total).toBe(12 * 16 + sixteenths);
    expect(fromSixteenths(total)).toEqual({ whole: 12, sixteenths });
  });

  it('round-trips every length from 0 to 100 inches through whole + fraction', () => {
    for (let total = 0; total <= 1600; total += 1) {
      const parts = fromSixteenths(total);
      expect(parts.sixteenths).toBeGreaterThanOrEqual(0);
      expect(parts.sixteenths).toBeLessThan(16);
      expect(toSixteenths(parts)).toBe(total);
    }
  });

  it.each(INCH_FRACTIONS.map((f) => [f.sixteenths, f.label] as const))(
    'shows 3 and %i/16 with its fraction %s',
    (sixteenths, label) => {
      expect(formatInches(3 * 16 + sixteenths)).toBe(sixteenths === 0 ? '3″' : `3 ${label}″`);
    },
  );

  it('formats reduced fractions with the inch mark', () => {
    expect(formatInches(toSixteenths({ whole: 12, sixteenths: 6 }))).toBe('12 3/8″');
    expect(formatInches(toSixteenths({ whole: 10, sixteenths: 4 }))).toBe('10 1/4″');
    expect(formatInches(96)).toBe('6″');
    expect(formatInches(5)).toBe('5/16″');
    expect(formatInches(0)).toBe('0″');
  });

  it('refuses values outside the sixteen fractions', () => {
    expect(() => toSixteenths({ whole: 1, sixteenths: 16 })).toThrow(RangeError);
    expect(() => toSixteenths({ whole: 1, sixteenths: 0.5 })).toThrow(RangeError);
    expect(() => toSixteenths({ whole: -1, sixteenths: 0 })).toThrow(RangeError);
    expect(() => fromSixteenths(-3)).toThrow(RangeError);
  });
});
