import { describe, expect, it } from 'vitest';
import type { OfferedItem } from './offered-items';
import { checkSheetRows, localeConventions, readDate, readQty, refusal } from './quick-order';

/** Evening of 2030-06-15 in UTC: every day before it has ended everywhere, the 15th has not. */
const NOW = new Date('2030-06-15T18:00:00Z');

describe('readQty and readDate', () => {
  const qty = (locale?: string) => (text: string) => readQty(text, locale);
  const date = (locale?: string) => (text: string) => readDate(text, locale);

  it('read whole quantities as spreadsheets write them, and nothing else', () => {
    expect(['12', '1,200', '1 200', ' 7 ', '12.00'].map(qty())).toEqual([12, 1200, 1200, 7, 12]);
    expect(['0', '-3', '2.5', '1,20', '12 boxes', '', '1e3'].map(qty())).toEqual(
      Array(7).fill(null),
    );
  });

  it('read numbers in the buyer’s locale: 1.200 is twelve hundred in German', () => {
    expect(['1.200', '1 200', '12,00', '7'].map(qty('de-DE'))).toEqual([1200, 1200, 12, 7]);
    expect(['1,200', '2,5', '1.20'].map(qty('de-DE'))).toEqual([null, null, null]);
    // French groups with a narrow no-break space, as its spreadsheets write it.
    expect(['1\u202f200', '1 200', '12,00'].map(qty('fr-FR'))).toEqual([1200, 1200, 12]);
  });

  it('read ISO and US dates that exist, and nothing else', () => {
    expect(['2030-07-01', '7/1/2030', '12/31/2030'].map(date())).toEqual([
      '2030-07-01',
      '2030-07-01',
      '2030-12-31',
    ]);
    expect(['2030-02-30', '13/1/2030', '31.12.2030', 'next week'].map(date())).toEqual(
      Array(4).fill(null),
    );
  });

  it('read dates in the buyer’s locale: 15.12.2026 is a date in German', () => {
    expect(['15.12.2030', '1.7.2030', '15.12.30', '2030-12-15'].map(date('de-DE'))).toEqual([
      '2030-12-15',
      '2030-07-01',
      '2030-12-15',
      '2030-12-15',
    ]);
    expect(['12/15/2030', '31.02.2030'].map(date('de-DE'))).toEqual([null, null]);
    expect(date('en-GB')('15/12/2030')).toBe('2030-12-15');
    expect(date('ja-JP')('2030/12/15')).toBe('2030-12-15');
  });

  it('name the locale’s own pattern when a date cannot be read', () => {
    expect(localeConventions('de-DE')).toMatchObject({
      group: '.',
      decimal: ',',
      datePattern: 'DD.MM.YYYY',
    });
    expect(refusal.badDate('31.02.2030', 'de-DE')).toBe(
      '31.02.2030 is not a real date (use DD.MM.YYYY or YYYY-MM-DD).',
    );
    expect(localeConventions('not a locale').datePattern).toBe('MM/DD/YYYY');
  });
});

describe('checkSheetRows', () => {
  const items: OfferedItem[] = [
    { ItemNumber: 'ACM-1001', Active: true, CustomerId: null },
    { ItemNumber: 'ACM-1001', Active: true, CustomerId: 7 },
    { ItemNumber: 'OLD-1', Active: false, CustomerId: 7 },
  ];
  const row = (ItemNumber: string, Qty: string, ShipDate = '') => ({
    Row: 2,
    ItemNumber,
    Qty,
    ShipDate,
  });

  it('gives every reason of a row, and reads US dates and grouped quantities', () => {
    expect(checkSheetRows([row('OLD-1', '-1', '12/31/2029')], items, NOW)).toEqual([
      {
        accepted: false,
        reasons: [
          'OLD-1 is no longer available.',
          'Enter a whole quantity above zero.',
          'Choose today or a later date.',
        ],
      },
    ]);
    expect(checkSheetRows([row(' acm-1001 ', '1,200', '6/15/2030')], items, NOW)).toEqual([
      {
        accepted: true,
        line: { ItemNumber: 'ACM-1001', QtyOrdered: 1200, RequestedShipDate: '2030-06-15' },
      },
    ]);
  });

  it('refuses an item already on the order form, naming its line', () => {
    expect(checkSheetRows([row('ACM-1001', '1')], items, NOW, ['X', 'acm-1001'])).toEqual([
      { accepted: false, reasons: ['ACM-1001 is already on line 2.'] },
    ]);
  });
});
