/**
 * Reading a customer's account (docs/product/invoices.md): its invoices, one invoice with what it
 * bills and what settled it, the account's open and overdue totals, and the statement of account
 * with its aging. Every query is scoped to the customer first, so another customer's invoice is
 * never found (a 404).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  agingEdges,
  isOverdue,
  statementStartOf,
  withRunningBalance,
  type InvoiceFilter,
  type LedgerMovement,
} from '../../shared/invoices';
import {
  MAX_INVOICES_SHOWN,
  type AccountSummary,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceRow,
  type Statement,
} from '../../shared/schemas/invoice';
import type { Db } from '../db/database';
import { containsPattern } from '../db/search';
import {
  creditNotes,
  customerCredit,
  customers,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  paymentApplications,
  payments,
  shipments,
} from '../db/schema';
import { notFound } from '../http/errors';

/** The rows of raw SQL: both drivers (PGlite, node-postgres) answer `{ rows }`. */
async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

const OWED = sql`${invoices.Status} in ('open', 'partly_paid')`;

async function customerRow(db: Db, customerId: number) {
  const [row] = await db
    .select({
      CustomerName: customers.CustomerName,
      Currency: customers.Currency,
      CreditLimit: customerCredit.CreditLimit,
    })
    .from(customers)
    .leftJoin(customerCredit, eq(customerCredit.CustomerId, customers.Id))
    .where(eq(customers.Id, customerId))
    .limit(1);
  if (!row) throw notFound('No such customer.');
  return row;
}

const rowColumns = {
  Id: invoices.Id,
  InvoiceNumber: invoices.InvoiceNumber,
  InvoiceDate: invoices.InvoiceDate,
  DueDate: invoices.DueDate,
  PaymentTerms: invoices.PaymentTerms,
  PoNumber: invoices.PoNumber,
  Currency: invoices.Currency,
  Subtotal: invoices.Subtotal,
  Tax: invoices.Tax,
  Total: invoices.Total,
  AmountPaid: invoices.AmountPaid,
  Status: invoices.Status,
  // Spelled out: drizzle names a single table's columns unqualified in its select list.
  OrderNumbers: sql<number[]>`coalesce((
    select array_agg(distinct o.order_number order by o.order_number)
    from ${invoiceLines} il join ${orders} o on o.id = il.order_id
    where il.invoice_id = invoices.id), '{}')`,
};

type SelectedRow = Omit<InvoiceRow, 'Open' | 'Overdue' | 'Status'> & { Status: string };

function toRow(row: SelectedRow, today: string): InvoiceRow {
  const status = row.Status as InvoiceRow['Status'];
  return {
    ...row,
    Status: status,
    OrderNumbers: row.OrderNumbers.map(Number),
    Open: status === 'void' ? 0 : row.Total - row.AmountPaid,
    Overdue: isOverdue({ Status: status, DueDate: row.DueDate }, today),
  };
}

export interface InvoiceListOptions {
  filter: InvoiceFilter;
  q?: string | undefined;
  orderId?: number | undefined;
  sort: 'dueDate' | '-dueDate';
  today: string;
}

/** The customer's invoices by the list's filter and search, with the totals of every match. */
export async function listInvoices(
  db: Db,
  customerId: number,
  options: InvoiceListOptions,
): Promise<InvoiceList> {
  const customer = await customerRow(db, customerId);
  const where: SQL[] = [eq(invoices.CustomerId, customerId)];
  if (options.filter === 'open') where.push(OWED);
  if (options.filter === 'overdue') where.push(OWED, sql`${invoices.DueDate} < ${options.today}`);
  if (options.filter === 'paid') where.push(eq(invoices.Status, 'paid'));
  if (options.q) {
    const pattern = containsPattern(options.q);
    const number = /^\d{1,9}$/.test(options.q) ? Number(options.q) : null;
    where.push(
      sql`(${invoices.InvoiceNumber} ilike ${pattern} or ${invoices.PoNumber} ilike ${pattern}${
        number === null
          ? sql``
          : sql` or exists (select 1 from ${invoiceLines} il join ${orders} o on o.id = il.order_id
              where il.invoice_id = invoices.id and o.order_number = ${number})`
      })`,
    );
  }
  if (options.orderId !== undefined) {
    where.push(
      sql`exists (select 1 from ${invoiceLines} il where il.invoice_id = invoices.id and il.order_id = ${options.orderId})`,
    );
  }
  const condition = and(...where);
  const direction = options.sort === 'dueDate' ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    db
      .select(rowColumns)
      .from(invoices)
      .where(condition)
      .orderBy(direction(invoices.DueDate), direction(invoices.Id))
      .limit(MAX_INVOICES_SHOWN),
    db
      .select({
        Count: sql<number>`count(*)::int`,
        Total: sql<string>`coalesce(sum(${invoices.Total}) filter (where ${invoices.Status} <> 'void'), 0)`,
        Open: sql<string>`coalesce(sum(${invoices.Total} - ${invoices.AmountPaid}) filter (where ${OWED}), 0)`,
      })
      .from(invoices)
      .where(condition),
  ]);
  return {
    Currency: customer.Currency,
    Rows: rows.map((row) => toRow(row, options.today)),
    Totals: {
      Count: Number(totals?.Count ?? 0),
      Total: Number(totals?.Total ?? 0),
      Open: Number(totals?.Open ?? 0),
    },
  };
}

/** One invoice of the customer: its lines with their orders and shipments, and its settlements. */
export async function getInvoice(
  db: Db,
  customerId: number,
  invoiceId: number,
  today: string,
): Promise<InvoiceDetail> {
  const [row] = await db
    .select({ ...rowColumns, HasErpPdf: sql<boolean>`${invoices.Pdf} is not null` })
    .from(invoices)
    .where(and(eq(invoices.Id, invoiceId), eq(invoices.CustomerId, customerId)))
    .limit(1);
  if (!row) throw notFound('No such invoice.');
  const { HasErpPdf, ...rest } = row;
  const [customer, lines, paid, credited] = await Promise.all([
    customerRow(db, customerId),
    db
      .select({
        LineNumber: invoiceLines.LineNumber,
        Description: invoiceLines.Description,
        Qty: invoiceLines.Qty,
        UnitPrice: invoiceLines.UnitPrice,
        Amount: invoiceLines.Amount,
        OrderId: invoiceLines.OrderId,
        OrderNumber: orders.OrderNumber,
        OrderLineNumber: orderLines.LineNumber,
        ShipmentId: invoiceLines.ShipmentId,
        ShipDate: shipments.ShipDate,
      })
      .from(invoiceLines)
      .leftJoin(orders, eq(orders.Id, invoiceLines.OrderId))
      .leftJoin(orderLines, eq(orderLines.Id, invoiceLines.OrderLineId))
      .leftJoin(shipments, eq(shipments.Id, invoiceLines.ShipmentId))
      .where(eq(invoiceLines.InvoiceId, invoiceId))
      .orderBy(invoiceLines.LineNumber),
    db
      .select({
        Date: payments.PaymentDate,
        Document: payments.Reference,
        Amount: paymentApplications.Amount,
        Id: payments.Id,
      })
      .from(paymentApplications)
      .innerJoin(payments, eq(payments.Id, paymentApplications.PaymentId))
      .where(eq(paymentApplications.InvoiceId, invoiceId)),
    db
      .select({
        Date: creditNotes.CreditDate,
        Document: creditNotes.CreditNoteNumber,
        Amount: creditNotes.Amount,
        Id: creditNotes.Id,
      })
      .from(creditNotes)
      .where(eq(creditNotes.InvoiceId, invoiceId)),
  ]);
  const settlements = [
    ...paid.map(({ Id: _id, ...p }) => ({ Kind: 'payment' as const, ...p })),
    ...credited.map(({ Id: _id, ...c }) => ({ Kind: 'credit' as const, ...c })),
  ].sort((a, b) => (a.Date < b.Date ? -1 : a.Date > b.Date ? 1 : 0));
  return {
    ...toRow(rest, today),
    CustomerName: customer.CustomerName,
    HasErpPdf,
    Lines: lines,
    Settlements: settlements,
  };
}

/** The ERP's own PDF of the invoice, if it sent one (after the invoice's scope is checked). */
export async function erpPdfOf(db: Db, invoiceId: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ Pdf: invoices.Pdf })
    .from(invoices)
    .where(eq(invoices.Id, invoiceId))
    .limit(1);
  return row?.Pdf ?? null;
}

/** What the customer owes and what of it is overdue, and its credit: the dashboard's tiles. */
export async function accountSummary(
  db: Db,
  customerId: number,
  today: string,
): Promise<AccountSummary> {
  const [customer, [sums]] = await Promise.all([
    customerRow(db, customerId),
    db
      .select({
        Open: sql<string>`coalesce(sum(${invoices.Total} - ${invoices.AmountPaid}), 0)`,
        Overdue: sql<string>`coalesce(sum(${invoices.Total} - ${invoices.AmountPaid}) filter (where ${invoices.DueDate} < ${today}), 0)`,
        OverdueCount: sql<number>`(count(*) filter (where ${invoices.DueDate} < ${today}))::int`,
      })
      .from(invoices)
      .where(and(eq(invoices.CustomerId, customerId), OWED)),
  ]);
  const open = Number(sums?.Open ?? 0);
  return {
    Currency: customer.Currency,
    OpenBalance: open,
    Overdue: Number(sums?.Overdue ?? 0),
    OverdueCount: Number(sums?.OverdueCount ?? 0),
    CreditLimit: customer.CreditLimit,
    AvailableCredit: customer.CreditLimit === null ? null : customer.CreditLimit - open,
  };
}

/**
 * The statement of account from `from` to `asOf`: the balance before `from`, every invoice, credit
 * note and payment dated in between (void invoices are no movement), the closing balance, and the
 * aging of what was open as at `asOf` by each invoice's due date. Payments and credits are never
 * dated before their invoice and are applied whole (decision 041), so the aging adds up to the
 * closing balance.
 */
export async function statementOf(
  db: Db,
  customerId: number,
  options: { from?: string | undefined; asOf: string },
): Promise<Statement> {
  const asOf = options.asOf;
  const from = options.from ?? statementStartOf(asOf);
  const customer = await customerRow(db, customerId);
  const edges = agingEdges(asOf);
  const [openingRows, movements, agingRows] = await Promise.all([
    rowsOf<{ opening: string }>(
      db.execute(sql`
      select
        coalesce((select sum(total) from ${invoices} where customer_id = ${customerId}
          and status <> 'void' and invoice_date < ${from}), 0)
        - coalesce((select sum(amount) from ${creditNotes} where customer_id = ${customerId}
          and credit_date < ${from}), 0)
        - coalesce((select sum(amount) from ${payments} where customer_id = ${customerId}
          and payment_date < ${from}), 0) as opening`),
    ),
    rowsOf<{
      kind: LedgerMovement['Kind'];
      date: string;
      document: string;
      id: number;
      amount: string;
      due_date: string | null;
    }>(
      db.execute(sql`
      select 'invoice' as kind, invoice_date::text as date, invoice_number as document, id,
             total as amount, due_date::text as due_date
        from ${invoices} where customer_id = ${customerId} and status <> 'void'
         and invoice_date between ${from} and ${asOf}
      union all
      select 'credit', credit_date::text, credit_note_number, id, -amount, null
        from ${creditNotes} where customer_id = ${customerId}
         and credit_date between ${from} and ${asOf}
      union all
      select 'payment', payment_date::text, reference, id, -amount, null
        from ${payments} where customer_id = ${customerId}
         and payment_date between ${from} and ${asOf}`),
    ),
    rowsOf<Record<'current' | 'days1to30' | 'days31to60' | 'days61to90' | 'over90', string>>(
      db.execute(sql`
      -- What was settled on each invoice by asOf, summed once over the customer's book and
      -- joined (hash joins), rather than summed again for every invoice.
      with settled as (
        select pa.invoice_id, pa.amount
          from ${paymentApplications} pa join ${payments} p on p.id = pa.payment_id
         where p.customer_id = ${customerId} and p.payment_date <= ${asOf}
        union all
        select cn.invoice_id, cn.amount from ${creditNotes} cn
         where cn.customer_id = ${customerId} and cn.credit_date <= ${asOf}
      ),
      per_invoice as (select invoice_id, sum(amount) as amount from settled group by invoice_id),
      open_items as (
        select i.due_date, i.total - coalesce(s.amount, 0) as open
          from ${invoices} i left join per_invoice s on s.invoice_id = i.id
         where i.customer_id = ${customerId} and i.status <> 'void' and i.invoice_date <= ${asOf}
      )
      select
        coalesce(sum(open) filter (where due_date >= ${edges.current}), 0) as current,
        coalesce(sum(open) filter (where due_date < ${edges.current} and due_date >= ${edges.days1to30}), 0) as days1to30,
        coalesce(sum(open) filter (where due_date < ${edges.days1to30} and due_date >= ${edges.days31to60}), 0) as days31to60,
        coalesce(sum(open) filter (where due_date < ${edges.days31to60} and due_date >= ${edges.days61to90}), 0) as days61to90,
        coalesce(sum(open) filter (where due_date < ${edges.days61to90}), 0) as over90
      from open_items`),
    ),
  ]);
  const opening = Number(openingRows[0]?.opening ?? 0);
  const lines = withRunningBalance(
    opening,
    movements.map((m) => ({
      Kind: m.kind,
      Date: m.date,
      Document: m.document,
      Id: Number(m.id),
      Amount: Number(m.amount),
      DueDate: m.due_date,
    })),
  );
  const closing = lines.at(-1)?.Balance ?? opening;
  const a = agingRows[0];
  const aging = {
    current: Number(a?.current ?? 0),
    days1to30: Number(a?.days1to30 ?? 0),
    days31to60: Number(a?.days31to60 ?? 0),
    days61to90: Number(a?.days61to90 ?? 0),
    over90: Number(a?.over90 ?? 0),
  };
  return {
    CustomerName: customer.CustomerName,
    Currency: customer.Currency,
    From: from,
    AsOf: asOf,
    OpeningBalance: opening,
    Lines: lines,
    ClosingBalance: closing,
    Aging: { ...aging, Total: Object.values(aging).reduce((s, v) => s + v, 0) },
  };
}
