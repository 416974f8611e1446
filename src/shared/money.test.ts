import { describe, expect, it } from 'vitest';
import { minorDigits, minorToDecimalText } from './format';
import { isCurrencyCode, orderValueMinor, parseMoneyInput } from './money';

describe('money in minor units', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('XYZW')).toBe(false);
  });

  it('works an order’s value out exactly, rounding once, half away from zero', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is 30 cents.
    expect(
      orderValueMinor(
        [
          { QtyOrdered: 1, UnitPrice: 0.1 },
          { QtyOrdered: 1, UnitPrice: 0.2 },
        ],
        'USD',
      ),
    ).toBe(30);
    expect(orderValueMinor([{ QtyOrdered: 7, UnitPrice: 1.38 }], 'USD')).toBe(966);
    // Four-place prices: 3 × $0.0625 = $0.1875, which is 19 cents.
    expect(orderValueMinor([{ QtyOrdered: 3, UnitPrice: 0.0625 }], 'USD')).toBe(19);
    expect(orderValueMinor([{ QtyOrdered: 1, UnitPrice: 0.0049 }], 'USD')).toBe(0);
    expect(orderValueMinor([{ QtyOrdered: 1_000_000, UnitPrice: 1234.5678 }], 'USD')).toBe(
      123_456_780_000,
    );
    expect(orderValueMinor([{ QtyOrdered: 3, UnitPrice: 1.5 }], 'JPY')).toBe(5);
    // An item without a price adds nothing: the plant quotes it later.
    expect(orderValueMinor([{ QtyOrdered: 5, UnitPrice: null }], 'USD')).toBe(0);
  });

  it('reads what a person typed as an amount, or says it is none', () => {
    expect(parseMoneyInput('5,000', 'USD')).toBe(500_000);
    expect(parseMoneyInput('$1,250.5', 'USD')).toBe(125_050);
    expect(parseMoneyInput(' 0.07 ', 'USD')).toBe(7);
    expect(parseMoneyInput('12.345', 'USD')).toBeNull();
    expect(parseMoneyInput('-5', 'USD')).toBeNull();
    expect(parseMoneyInput('five', 'USD')).toBeNull();
    expect(parseMoneyInput('', 'USD')).toBeNull();
    expect(parseMoneyInput('1500', 'JPY')).toBe(1500);
    expect(parseMoneyInput('1500.5', 'JPY')).toBeNull();
  });

  it('writes minor units back as the decimal a field shows', () => {
    expect(minorToDecimalText(500_050, 'USD')).toBe('5000.50');
    expect(minorToDecimalText(7, 'USD')).toBe('0.07');
    expect(minorToDecimalText(1500, 'JPY')).toBe('1500');
  });
});
