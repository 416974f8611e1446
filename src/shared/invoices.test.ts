import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar-date';
import {
  ageItems,
  agingBucketOf,
  agingEdges,
  compareMovements,
  invoiceStatusOf,
  isOverdue,
  statementStartOf,
  withRunningBalance,
  type LedgerMovement,
} from './invoices';

describe('aging buckets', () => {
  // A fixed statement date: the edges below hold on any machine and any day.
  const asOf = '2031-03-31';

  it.each([
    ['2031-04-30', 'current'],
    ['2031-03-31', 'current'],
    ['2031-03-30', 'days1to30'],
    ['2031-03-01', 'days1to30'],
    ['2031-02-28', 'days31to60'],
    ['2031-01-30', 'days31to60'],
    ['2031-01-29', 'days61to90'],
    ['2030-12-31', 'days61to90'],
    ['2030-12-30', 'over90'],
    ['2020-01-01', 'over90'],
  ] as const)('an amount due on %s is %s as at 31 March 2031', (due, bucket) => {
    expect(agingBucketOf(due, asOf)).toBe(bucket);
  });

  it('counts days across a leap day and a change of clocks as whole calendar days', () => {
    expect(daysBetween('2032-02-28', '2032-03-01')).toBe(2);
    expect(daysBetween('2031-03-29', '2031-03-31')).toBe(2);
    expect(daysBetween('2031-03-31', '2031-03-01')).toBe(-30);
  });

  it('gives SQL the same edges as agingBucketOf', () => {
    const edges = agingEdges(asOf);
    expect(agingBucketOf(edges.current, asOf)).toBe('current');
    expect(agingBucketOf(edges.days1to30, asOf)).toBe('days1to30');
    expect(agingBucketOf(edges.days31to60, asOf)).toBe('days31to60');
    expect(agingBucketOf(edges.days61to90, asOf)).toBe('days61to90');
  });

  it('adds open amounts into their buckets and a total', () => {
    const aging = ageItems(
      [
        { DueDate: '2031-04-10', Open: 100 },
        { DueDate: '2031-03-15', Open: 250 },
        { DueDate: '2030-11-01', Open: 5 },
        { DueDate: '2030-11-01', Open: 0 },
      ],
      asOf,
    );
    expect(aging).toEqual({
      current: 100,
      days1to30: 250,
      days31to60: 0,
      days61to90: 0,
      over90: 5,
      Total: 355,
    });
  });
});

describe('invoice status', () => {
  it('follows what has been paid and whether it is void', () => {
    expect(invoiceStatusOf(1000, 0, false)).toBe('open');
    expect(invoiceStatusOf(1000, 1, false)).toBe('partly_paid');
    expect(invoiceStatusOf(1000, 1000, false)).toBe('paid');
    expect(invoiceStatusOf(1000, 0, true)).toBe('void');
  });

  it('is overdue only while owed and after its due date', () => {
    expect(isOverdue({ Status: 'open', DueDate: '2031-03-30' }, '2031-03-31')).toBe(true);
    expect(isOverdue({ Status: 'open', DueDate: '2031-03-31' }, '2031-03-31')).toBe(false);
    expect(isOverdue({ Status: 'paid', DueDate: '2031-01-01' }, '2031-03-31')).toBe(false);
    expect(isOverdue({ Status: 'partly_paid', DueDate: '2031-01-01' }, '2031-03-31')).toBe(true);
  });

  it('starts a statement on the first of its month', () => {
    expect(statementStartOf('2031-03-31')).toBe('2031-03-01');
  });
});

const movement = fc.record({
  Kind: fc.constantFrom('invoice', 'credit', 'payment') as fc.Arbitrary<LedgerMovement['Kind']>,
  Date: fc
    .integer({ min: 0, max: 400 })
    .map((d) => new Date(Date.UTC(2031, 0, 1) + d * 86_400_000).toISOString().slice(0, 10)),
  Document: fc.string({ maxLength: 8 }),
  Id: fc.integer({ min: 1, max: 1_000_000 }),
  Amount: fc.integer({ min: 1, max: 10_000_000 }),
});

describe('running balance', () => {
  it('reconciles: the opening balance plus every movement is the last balance, line by line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(movement, { maxLength: 60 }),
        (opening, raw) => {
          const movements = raw.map((m) => ({
            ...m,
            Amount: m.Kind === 'invoice' ? m.Amount : -m.Amount,
          }));
          const lines = withRunningBalance(opening, movements);
          let balance = opening;
          for (const [i, line] of lines.entries()) {
            balance += line.Amount;
            expect(line.Balance).toBe(balance);
            if (i > 0) expect(compareMovements(lines[i - 1]!, line)).toBeLessThanOrEqual(0);
          }
          const sum = movements.reduce((s, m) => s + m.Amount, 0);
          expect(lines.at(-1)?.Balance ?? opening).toBe(opening + sum);
        },
      ),
    );
  });
});
