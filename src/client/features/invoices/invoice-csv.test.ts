import { describe, expect, it } from 'vitest';
import type { Statement } from '../../../shared/schemas/invoice';
import { statementCsv } from './invoice-csv';

const statement: Statement = {
  CustomerName: 'Acme',
  Currency: 'USD',
  From: '2031-03-01',
  AsOf: '2031-03-31',
  OpeningBalance: 10_000,
  Lines: [
    {
      Kind: 'invoice',
      Date: '2031-03-02',
      Document: 'INV-1',
      Id: 1,
      Amount: 2_550,
      Balance: 12_550,
      DueDate: '2031-04-01',
    },
    {
      Kind: 'payment',
      Date: '2031-03-05',
      Document: '=cmd',
      Id: 2,
      Amount: -10_000,
      Balance: 2_550,
      DueDate: null,
    },
  ],
  ClosingBalance: 2_550,
  Aging: { current: 2_550, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, Total: 2_550 },
};

describe('statementCsv', () => {
  it('writes the balances as numbers that reconcile, a payment negative and no formula live', () => {
    const rows = statementCsv(statement).trim().split('\r\n');
    expect(rows[0]).toBe('Date,Type,Document,Due date,Amount (USD),Balance (USD)');
    expect(rows[1]).toBe('2031-03-01,Opening balance,,,,100');
    expect(rows[2]).toBe('2031-03-02,Invoice,INV-1,2031-04-01,25.5,125.5');
    expect(rows[3]).toBe("2031-03-05,Payment,'=cmd,,-100,25.5");
    expect(rows[4]).toBe('2031-03-31,Closing balance,,,,25.5');
    expect(rows[5]).toBe('2031-03-31,Aging: Current,,,,25.5');
  });
});
