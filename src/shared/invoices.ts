/**
 * Invoices, credit notes, payments and the statement of account (docs/product/invoices.md,
 * docs/decisions/041): their statuses, the aging buckets and the arithmetic every reader of them
 * shares. Money is integer minor units of one currency throughout; nothing here rounds.
 */
import { addDays, daysBetween } from './calendar-date';

export const INVOICE_STATUSES = ['open', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
};

/** What the invoices list shows: those still owed, those past their due date, paid, or all. */
export const INVOICE_FILTERS = ['open', 'overdue', 'paid', 'all'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

/** An invoice's status from what it totals and what has been taken off it. */
export function invoiceStatusOf(total: number, paid: number, voided: boolean): InvoiceStatus {
  if (voided) return 'void';
  if (paid >= total) return 'paid';
  return paid > 0 ? 'partly_paid' : 'open';
}

/** Whether an invoice is still owed and its due date has passed as at `asOf`. */
export function isOverdue(
  invoice: { Status: InvoiceStatus; DueDate: string },
  asOf: string,
): boolean {
  return (invoice.Status === 'open' || invoice.Status === 'partly_paid') && invoice.DueDate < asOf;
}

/**
 * The aging buckets of what is open, by days past due as at the statement's date: not yet due
 * (current, including the due date itself), 1–30, 31–60, 61–90 and over 90 days past due.
 */
export const AGING_BUCKETS = [
  'current',
  'days1to30',
  'days31to60',
  'days61to90',
  'over90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
};

/** The bucket of an amount due on `dueDate`, as at `asOf`. */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

/**
 * The due dates that bound each bucket as at `asOf`, for SQL that sums by bucket: an amount due on
 * or after `current` is current, on or after `days1to30` (and before `current`) is 1–30 days late,
 * and so on; anything due before `days61to90` is over 90.
 */
export function agingEdges(asOf: string): Record<Exclude<AgingBucket, 'over90'>, string> {
  return {
    current: asOf,
    days1to30: addDays(asOf, -30),
    days31to60: addDays(asOf, -60),
    days61to90: addDays(asOf, -90),
  };
}

export type Aging = Record<AgingBucket, number> & { Total: number };

export function emptyAging(): Aging {
  return { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, Total: 0 };
}

/** Adds open amounts into their buckets. */
export function ageItems(items: readonly { DueDate: string; Open: number }[], asOf: string): Aging {
  const aging = emptyAging();
  for (const item of items) {
    if (item.Open === 0) continue;
    aging[agingBucketOf(item.DueDate, asOf)] += item.Open;
    aging.Total += item.Open;
  }
  return aging;
}

/** What a statement line is. */
export const STATEMENT_ENTRY_KINDS = ['invoice', 'credit', 'payment'] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

export const STATEMENT_ENTRY_LABELS: Record<StatementEntryKind, string> = {
  invoice: 'Invoice',
  credit: 'Credit note',
  payment: 'Payment',
};

/** One movement of the account: an invoice adds to what is owed, a credit or payment takes off. */
export interface LedgerMovement {
  Kind: StatementEntryKind;
  Date: string;
  /** The invoice's, credit note's number or the payment's reference. */
  Document: string;
  /** The record's id, to order movements of one day the same way every time. */
  Id: number;
  /** Signed: positive for an invoice, negative for a credit or payment. */
  Amount: number;
}

/** The order of a statement's lines: by date, then invoices before credits before payments. */
export function compareMovements(a: LedgerMovement, b: LedgerMovement): number {
  if (a.Date !== b.Date) return a.Date < b.Date ? -1 : 1;
  const kind = STATEMENT_ENTRY_KINDS.indexOf(a.Kind) - STATEMENT_ENTRY_KINDS.indexOf(b.Kind);
  return kind !== 0 ? kind : a.Id - b.Id;
}

/** The movements with the balance after each, from `opening`: the statement's running column. */
export function withRunningBalance<M extends LedgerMovement>(
  opening: number,
  movements: readonly M[],
): (M & { Balance: number })[] {
  let balance = opening;
  return [...movements].sort(compareMovements).map((m) => {
    balance += m.Amount;
    return { ...m, Balance: balance };
  });
}

/** The first day of the month of `date`: a statement's default start. */
export function statementStartOf(date: string): string {
  return `${date.slice(0, 8)}01`;
}
