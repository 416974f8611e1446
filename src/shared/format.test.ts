import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDimensions,
  formatMinorUnits,
  formatMoney,
  formatQty,
  formatAddress,
  formatShipTo,
  formatFileSize,
  formatUnits,
} from './format';
import { MAX_LOGO_BYTES } from './logo';
import { toSixteenths } from './inches';

describe('dates', () => {
  it('writes a calendar day as it is, whatever the time zone', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate('2030-01-05')).toBe('5 Jan 2030');
    expect(formatDayMonth('2026-11-23')).toBe('23 Nov');
  });

  it('writes an instant as the day and time on this machine’s clock', () => {
    const instant = new Date(2026, 10, 23, 7, 52).toISOString();
    expect(formatDate(instant)).toBe('23 Nov 2026');
    expect(formatDateTime(instant)).toBe('23 Nov 2026, 07:52');
    expect(formatDateTime(new Date(2026, 0, 2, 19, 5).toISOString())).toBe('2 Jan 2026, 19:05');
  });

  it('shows a dash for no date and leaves text that is not one alone', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('quantities', () => {
  it('groups the digits of whole numbers in threes, as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 100_000, 1_000_000, 2_147_483_647])
      expect(formatQty(value)).toBe(value.toLocaleString('en-US'));
    expect(formatQty(-1500)).toBe('-1,500');
    // The fraction of a number that has one keeps its digits as they are.
    expect(formatQty(1234.5678)).toBe('1,234.5678');
  });

  it('pluralises the unit', () => {
    expect(formatUnits(1)).toBe('1 unit');
    expect(formatUnits(0)).toBe('0 units');
    expect(formatUnits(2)).toBe('2 units');
    expect(formatUnits(2500)).toBe('2,500 units');
    expect(formatCount(1, 'line')).toBe('1 line');
    expect(formatCount(3, 'box', 'boxes')).toBe('3 boxes');
  });
});

describe('money', () => {
  it('always has the dollar sign and two to four decimals', () => {
    expect(formatMoney(1.38)).toBe('$1.38');
    expect(formatMoney(1.2)).toBe('$1.20');
    expect(formatMoney(0.1234)).toBe('$0.1234');
    expect(formatMoney(0.12345)).toBe('$0.1235');
    expect(formatMoney(1250)).toBe('$1,250.00');
  });

  it('shows a dash for no price', () => {
    expect(formatMoney(null)).toBe('—');
  });

  it("writes a price in the customer's currency, with its own minor unit", () => {
    expect(formatMoney(1250, 'EUR')).toBe('€1,250.00');
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
  });

  it('writes minor units (an order value, a spending limit) exactly, in their currency', () => {
    expect(formatMinorUnits(500_050, 'USD')).toBe('$5,000.50');
    expect(formatMinorUnits(7, 'USD')).toBe('$0.07');
    expect(formatMinorUnits(9_007_199_254_740_991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(formatMinorUnits(1500, 'JPY')).toBe('¥1,500');
    expect(formatMinorUnits(null, 'USD')).toBe('—');
  });
});

describe('dimensions', () => {
  it('writes length × width × height in whole inches and fractions', () => {
    expect(
      formatDimensions({
        Length: toSixteenths({ whole: 12, sixteenths: 6 }),
        Width: toSixteenths({ whole: 10, sixteenths: 4 }),
        Height: toSixteenths({ whole: 6, sixteenths: 0 }),
      }),
    ).toBe('12 3/8″ × 10 1/4″ × 6″');
    expect(formatDimensions({ Length: 16, Width: 8, Height: 5 })).toBe('1″ × 1/2″ × 5/16″');
  });

  it('leaves out the height of a flat part', () => {
    expect(formatDimensions({ Length: 384, Width: 288, Height: 0 })).toBe('24″ × 18″');
    expect(formatDimensions({ Length: 384, Width: 15, Height: 0 })).toBe('24″ × 15/16″');
  });
});

describe('ship-to', () => {
  it('names the usual address for an order placed without one, never a dash', () => {
    expect(formatShipTo('')).toBe('The usual address');
    expect(formatShipTo('  ')).toBe('The usual address');
    expect(formatShipTo('Dock 4, 12 Mill Road')).toBe('Dock 4, 12 Mill Road');
  });

  it('shows the copy an order keeps of its address before any free text', () => {
    const copy = {
      Name: 'East Warehouse',
      Lines: ['Building C', '45 Commerce Park Drive'],
      City: 'Shelbyville',
      Region: 'IL',
      PostalCode: '62565',
      Country: 'United States',
    };
    const line =
      'East Warehouse, Building C, 45 Commerce Park Drive, Shelbyville IL 62565, United States';
    expect(formatAddress(copy)).toBe(line);
    expect(formatShipTo('Dock 4', copy)).toBe(line);
    expect(formatShipTo('', null)).toBe('The usual address');
    expect(formatAddress({ ...copy, Region: '', Name: '' })).toBe(
      'Building C, 45 Commerce Park Drive, Shelbyville 62565, United States',
    );
  });
});

describe('formatFileSize', () => {
  it('counts bytes, then kilobytes, then megabytes of 1,024', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(300 * 1024 + 100)).toBe('300 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(4.25 * 1024 * 1024)).toBe('4.3 MB');
    expect(formatFileSize(12 * 1024 * 1024)).toBe('12 MB');
  });

  it("writes the logo's limit as its messages say it", () => {
    expect(formatFileSize(MAX_LOGO_BYTES)).toBe('256 KB');
  });
});
