import { describe, expect, it } from 'vitest';
import type { OfferedItem } from './offered-items';
import { checkSheetRows, readDate, readQty } from './quick-order';

/** Evening of 2030-06-15 in UTC: every day before it has ended everywhere, the 15th has not. */
const NOW = new Date('2030-06-15T18:00:00Z');

describe('readQty and readDate', () => {
  it('read whole quantities as spreadsheets write them, and nothing else', () => {
    expect(['12', '1,200', '1 200', ' 7 '].map(readQty)).toEqual([12, 1200, 1200, 7]);
    expect(['0', '-3', '2.5', '1,20', '12 boxes', '', '1e3'].map(readQty)).toEqual(
      Array(7).fill(null),
    );
  });

  it('read ISO and US dates that exist, and nothing else', () => {
    expect(['2030-07-01', '7/1/2030', '12/31/2030'].map(readDate)).toEqual([
      '2030-07-01',
      '2030-07-01',
      '2030-12-31',
    ]);
    expect(['2030-02-30', '13/1/2030', '1.7.2030', 'next week'].map(readDate)).toEqual(
      Array(4).fill(null),
    );
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
