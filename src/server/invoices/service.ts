/**
 * What the plant's ERP does to a customer's account (docs/product/invoices.md, decision 041):
 * invoices stated whole, payments applied wholly to open invoices, credit notes against one
 * invoice, and the credit limit. The integration API's upserts and the demo seed both come through
 * here, so a rule holds whoever writes. Each refuses with the API's errors naming the field; the
 * caller's savepoint then leaves nothing behind.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { formatMinorUnits } from '../../shared/format';
import { invoiceStatusOf } from '../../shared/invoices';
import type {
  CreditLimitUpsertRow,
  CreditNoteUpsertRow,
  InvoiceUpsertRow,
  PaymentUpsertRow,
} from '../../shared/schemas/invoice';
import type { Db } from '../db/database';
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
import { recordEvent, type EventActor } from '../events';
import { conflict, invalidInput, notFound } from '../http/errors';

export type InvoiceRecord = typeof invoices.$inferSelect;
type CustomerRecord = typeof customers.$inferSelect;

/** What an upsert did, for the integration API's per-row answer. */
export interface Written {
  outcome: 'created' | 'updated' | 'unchanged';
  id: number;
}

const money = (minor: number, currency: string) => formatMinorUnits(minor, currency);

async function customerOf(
  tx: Db,
  ref: { CustomerExternalId?: string | undefined; CustomerId?: number | undefined },
): Promise<CustomerRecord> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(
      ref.CustomerId !== undefined
        ? eq(customers.Id, ref.CustomerId)
        : eq(customers.ExternalId, ref.CustomerExternalId ?? ''),
    )
    .limit(1);
  if (!row) {
    const field = ref.CustomerId !== undefined ? 'CustomerId' : 'CustomerExternalId';
    throw notFound('No such customer.', { [field]: 'No customer has this number.' });
  }
  return row;
}

function requireCurrency(customer: CustomerRecord, currency: string): void {
  if (currency !== customer.Currency) {
    throw invalidInput(
      `${customer.CustomerCode} is invoiced in ${customer.Currency}, not ${currency}.`,
      { Currency: `Use the customer's currency, ${customer.Currency}.` },
    );
  }
}

async function invoiceByExternalId(tx: Db, externalId: string): Promise<InvoiceRecord | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.ExternalId, externalId))
    .limit(1);
  return row ?? null;
}

// ------------------------------------------------------------------------------- invoices

type LineWrite = Omit<typeof invoiceLines.$inferInsert, 'InvoiceId' | 'Id'>;

/** Each line's order, order line and shipment, found within the invoice's customer. */
async function resolveLines(
  tx: Db,
  customerId: number,
  lines: InvoiceUpsertRow['Lines'],
): Promise<{ lines: LineWrite[]; firstPo: string | null; firstOrderId: number | null }> {
  const out: LineWrite[] = [];
  let firstPo: string | null = null;
  let firstOrderId: number | null = null;
  for (const [i, line] of lines.entries()) {
    const at = `Lines.${i}`;
    let orderId: number | null = null;
    let orderLineId: number | null = null;
    let shipmentId: number | null = null;
    if (line.LineExternalId !== undefined) {
      const [found] = await tx
        .select({ Id: orderLines.Id, OrderId: orderLines.OrderId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.Id, orderLines.OrderId))
        .where(
          and(eq(orderLines.ExternalId, line.LineExternalId), eq(orders.CustomerId, customerId)),
        )
        .limit(1);
      if (!found) throw notFound('No such order line.', { [`${at}.LineExternalId`]: 'Unknown.' });
      orderLineId = found.Id;
      orderId = found.OrderId;
    }
    if (line.OrderNumber !== undefined || line.OrderExternalId !== undefined) {
      const [order] = await tx
        .select({ Id: orders.Id, PoNumber: orders.PoNumber })
        .from(orders)
        .where(
          and(
            eq(orders.CustomerId, customerId),
            line.OrderNumber !== undefined
              ? eq(orders.OrderNumber, line.OrderNumber)
              : eq(orders.ExternalId, line.OrderExternalId ?? ''),
          ),
        )
        .limit(1);
      const field = line.OrderNumber !== undefined ? 'OrderNumber' : 'OrderExternalId';
      if (!order || (orderId !== null && orderId !== order.Id)) {
        throw notFound('No such order of this customer.', {
          [`${at}.${field}`]: 'No order of this customer has this number.',
        });
      }
      orderId = order.Id;
      firstPo ??= order.PoNumber;
      if (line.LineNumber !== undefined && orderLineId === null) {
        const [found] = await tx
          .select({ Id: orderLines.Id })
          .from(orderLines)
          .where(and(eq(orderLines.OrderId, order.Id), eq(orderLines.LineNumber, line.LineNumber)))
          .limit(1);
        if (!found) {
          throw notFound('No such line on that order.', { [`${at}.LineNumber`]: 'Unknown.' });
        }
        orderLineId = found.Id;
      }
    }
    if (line.ShipmentId !== undefined || line.ShipmentExternalId !== undefined) {
      const [shipment] = await tx
        .select({ Id: shipments.Id, OrderId: shipments.OrderId })
        .from(shipments)
        .where(
          and(
            eq(shipments.CustomerId, customerId),
            line.ShipmentId !== undefined
              ? eq(shipments.Id, line.ShipmentId)
              : eq(shipments.ExternalId, line.ShipmentExternalId ?? ''),
          ),
        )
        .limit(1);
      const field = line.ShipmentId !== undefined ? 'ShipmentId' : 'ShipmentExternalId';
      if (!shipment || (orderId !== null && orderId !== shipment.OrderId)) {
        throw notFound('No such shipment of this customer’s order.', {
          [`${at}.${field}`]: 'No shipment of this order has this number.',
        });
      }
      shipmentId = shipment.Id;
      orderId = shipment.OrderId;
    }
    firstOrderId ??= orderId;
    out.push({
      LineNumber: i + 1,
      OrderId: orderId,
      OrderLineId: orderLineId,
      ShipmentId: shipmentId,
      Description: line.Description,
      Qty: line.Qty,
      UnitPrice: line.UnitPrice,
      Amount: line.Amount,
    });
  }
  return { lines: out, firstPo, firstOrderId };
}

function checkSums(row: InvoiceUpsertRow): void {
  const lines = row.Lines.reduce((sum, line) => sum + line.Amount, 0);
  if (lines !== row.Subtotal) {
    throw invalidInput(
      `The lines add up to ${money(lines, row.Currency)}, not the subtotal ${money(row.Subtotal, row.Currency)}.`,
      { Subtotal: `The lines add up to ${money(lines, row.Currency)}.` },
    );
  }
  if (row.Subtotal + row.Tax !== row.Total) {
    throw invalidInput(
      `Subtotal and tax add up to ${money(row.Subtotal + row.Tax, row.Currency)}, not the total ${money(row.Total, row.Currency)}.`,
      { Total: `Subtotal and tax add up to ${money(row.Subtotal + row.Tax, row.Currency)}.` },
    );
  }
}

const sameLines = (a: readonly LineWrite[], b: readonly LineWrite[]) =>
  a.length === b.length &&
  a.every((line, i) => {
    const other = b[i]!;
    return (
      line.LineNumber === other.LineNumber &&
      (line.OrderId ?? null) === (other.OrderId ?? null) &&
      (line.OrderLineId ?? null) === (other.OrderLineId ?? null) &&
      (line.ShipmentId ?? null) === (other.ShipmentId ?? null) &&
      line.Description === other.Description &&
      line.Qty === other.Qty &&
      line.UnitPrice === other.UnitPrice &&
      line.Amount === other.Amount
    );
  });

const samePdf = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === null || b === null
    ? a === b
    : a.byteLength === b.byteLength && Buffer.from(a).equals(Buffer.from(b));

/** An invoice from the ERP, stated whole: created, corrected, voided, or left as it is. */
export async function upsertInvoice(
  tx: Db,
  row: InvoiceUpsertRow,
  actor: EventActor,
): Promise<Written> {
  const customer = await customerOf(tx, row);
  requireCurrency(customer, row.Currency);
  checkSums(row);
  const { lines, firstPo, firstOrderId } = await resolveLines(tx, customer.Id, row.Lines);
  const current = await invoiceByExternalId(tx, row.ExternalId);
  if (current && current.CustomerId !== customer.Id) {
    throw conflict(`Invoice ${row.ExternalId} belongs to another customer.`, {
      ExternalId: 'Already the number of another customer’s invoice.',
    });
  }
  const paid = current?.AmountPaid ?? 0;
  if (row.Void && paid > 0) {
    throw conflict(
      `${money(paid, row.Currency)} has been paid or credited on ${row.InvoiceNumber}: it cannot be voided.`,
      { Void: 'Only an invoice with nothing paid on it can be voided.' },
    );
  }
  if (row.Total < paid) {
    throw conflict(
      `${money(paid, row.Currency)} has already been paid or credited on ${row.InvoiceNumber}; the total cannot be less.`,
      { Total: `At least ${money(paid, row.Currency)}.` },
    );
  }
  const pdf =
    row.PdfBase64 === undefined ? null : new Uint8Array(Buffer.from(row.PdfBase64, 'base64'));
  const values = {
    CustomerId: customer.Id,
    ExternalId: row.ExternalId,
    InvoiceNumber: row.InvoiceNumber,
    InvoiceDate: row.InvoiceDate,
    DueDate: row.DueDate,
    PaymentTerms: row.PaymentTerms,
    PoNumber: row.PoNumber || firstPo || '',
    Currency: row.Currency,
    Subtotal: row.Subtotal,
    Tax: row.Tax,
    Total: row.Total,
    Status: invoiceStatusOf(row.Total, paid, row.Void),
    Pdf: pdf,
  };
  const source = { ...actor, customerId: customer.Id };
  const subject =
    firstOrderId === null ? undefined : { entity: 'orders' as const, id: firstOrderId };
  const facts = {
    InvoiceNumber: row.InvoiceNumber,
    Total: row.Total,
    Currency: row.Currency,
    DueDate: row.DueDate,
  };

  if (!current) {
    const [created] = await tx.insert(invoices).values(values).returning();
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, InvoiceId: created!.Id })));
    await recordEvent(tx, source, {
      kind: 'invoice.issued',
      entity: 'invoices',
      entityId: created!.Id,
      subject,
      data: { ...facts, InvoiceId: created!.Id },
      after: created,
    });
    return { outcome: 'created', id: created!.Id };
  }

  const currentLines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.InvoiceId, current.Id))
    .orderBy(invoiceLines.LineNumber);
  const unchanged =
    (Object.keys(values) as (keyof typeof values)[]).every((key) =>
      key === 'Pdf' ? samePdf(current.Pdf, values.Pdf) : current[key] === values[key],
    ) && sameLines(currentLines, lines);
  if (unchanged) return { outcome: 'unchanged', id: current.Id };

  const [updated] = await tx
    .update(invoices)
    .set({ ...values, Version: current.Version + 1, LastUpdatedDate: new Date() })
    .where(eq(invoices.Id, current.Id))
    .returning();
  await tx.delete(invoiceLines).where(eq(invoiceLines.InvoiceId, current.Id));
  await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, InvoiceId: current.Id })));
  await recordEvent(tx, source, {
    kind: row.Void && current.Status !== 'void' ? 'invoice.voided' : 'invoice.updated',
    entity: 'invoices',
    entityId: current.Id,
    subject,
    data: facts,
    before: current,
    after: updated,
  });
  return { outcome: 'updated', id: current.Id };
}

/** Takes `amount` off an invoice's open amount, keeping its status. */
async function settle(tx: Db, invoice: InvoiceRecord, amount: number): Promise<void> {
  const paid = invoice.AmountPaid + amount;
  await tx
    .update(invoices)
    .set({
      AmountPaid: paid,
      Status: invoiceStatusOf(invoice.Total, paid, false),
      Version: invoice.Version + 1,
      LastUpdatedDate: new Date(),
    })
    .where(eq(invoices.Id, invoice.Id));
}

/** Why an invoice cannot take `amount` more on `date`, or null when it can. */
function cannotTake(invoice: InvoiceRecord, amount: number, date: string): string | null {
  if (invoice.Status === 'void') return `${invoice.InvoiceNumber} is void.`;
  if (date < invoice.InvoiceDate) {
    return `${invoice.InvoiceNumber} was issued on ${invoice.InvoiceDate}, after this date.`;
  }
  const open = invoice.Total - invoice.AmountPaid;
  if (amount > open) {
    return `Only ${money(open, invoice.Currency)} is open on ${invoice.InvoiceNumber}.`;
  }
  return null;
}

// ------------------------------------------------------------------------------- payments

/**
 * A payment and how it was applied. A payment is applied whole (its applications add up to its
 * amount) and never beyond an invoice's open amount: the ERP keeps money on account, and sends
 * it here when it applies it (decision 041). Once recorded a payment does not change.
 */
export async function upsertPayment(
  tx: Db,
  row: PaymentUpsertRow,
  actor: EventActor,
): Promise<Written> {
  const customer = await customerOf(tx, row);
  requireCurrency(customer, row.Currency);
  const applied = row.Applications.reduce((sum, a) => sum + a.Amount, 0);
  if (applied !== row.Amount) {
    throw invalidInput(
      `The applications add up to ${money(applied, row.Currency)}, not the payment's ${money(row.Amount, row.Currency)}: apply a payment whole.`,
      { Amount: `The applications add up to ${money(applied, row.Currency)}.` },
    );
  }
  const names = row.Applications.map((a) => a.InvoiceExternalId);
  if (new Set(names).size !== names.length) {
    throw invalidInput('Apply to each invoice once.', {
      Applications: 'An invoice is named twice.',
    });
  }

  const [current] = await tx
    .select()
    .from(payments)
    .where(eq(payments.ExternalId, row.ExternalId))
    .limit(1);
  if (current) {
    const apps = await tx
      .select({ InvoiceId: paymentApplications.InvoiceId, Amount: paymentApplications.Amount })
      .from(paymentApplications)
      .where(eq(paymentApplications.PaymentId, current.Id));
    const byExternal = await tx
      .select({ Id: invoices.Id, ExternalId: invoices.ExternalId })
      .from(invoices)
      .where(inArray(invoices.ExternalId, names));
    const idOf = new Map(byExternal.map((i) => [i.ExternalId, i.Id]));
    const same =
      current.CustomerId === customer.Id &&
      current.PaymentDate === row.PaymentDate &&
      current.Amount === row.Amount &&
      current.Reference === row.Reference &&
      apps.length === row.Applications.length &&
      row.Applications.every((a) =>
        apps.some((b) => b.InvoiceId === idOf.get(a.InvoiceExternalId) && b.Amount === a.Amount),
      );
    if (same) return { outcome: 'unchanged', id: current.Id };
    throw conflict(`Payment ${row.ExternalId} is recorded already and does not change.`, {
      ExternalId: 'A recorded payment does not change.',
    });
  }

  const touched: InvoiceRecord[] = [];
  for (const [i, app] of row.Applications.entries()) {
    const invoice = await invoiceByExternalId(tx, app.InvoiceExternalId);
    if (!invoice || invoice.CustomerId !== customer.Id) {
      throw notFound(`No invoice ${app.InvoiceExternalId} of this customer.`, {
        [`Applications.${i}.InvoiceExternalId`]: 'No invoice of this customer has this number.',
      });
    }
    const why = cannotTake(invoice, app.Amount, row.PaymentDate);
    if (why) throw invalidInput(why, { [`Applications.${i}.Amount`]: why });
    touched.push(invoice);
  }
  const [created] = await tx
    .insert(payments)
    .values({
      CustomerId: customer.Id,
      ExternalId: row.ExternalId,
      PaymentDate: row.PaymentDate,
      Currency: row.Currency,
      Amount: row.Amount,
      Reference: row.Reference,
    })
    .returning();
  await tx.insert(paymentApplications).values(
    row.Applications.map((a, i) => ({
      PaymentId: created!.Id,
      InvoiceId: touched[i]!.Id,
      Amount: a.Amount,
    })),
  );
  for (const [i, invoice] of touched.entries())
    await settle(tx, invoice, row.Applications[i]!.Amount);
  await recordEvent(
    tx,
    { ...actor, customerId: customer.Id },
    {
      kind: 'payment.received',
      entity: 'payments',
      entityId: created!.Id,
      data: {
        Reference: row.Reference,
        Amount: row.Amount,
        Currency: row.Currency,
        Invoices: touched.map((i) => i.InvoiceNumber),
      },
      after: created,
    },
  );
  return { outcome: 'created', id: created!.Id };
}

// --------------------------------------------------------------------------- credit notes

/** A credit note against one invoice, at most what is open on it. Recorded once, never changed. */
export async function upsertCreditNote(
  tx: Db,
  row: CreditNoteUpsertRow,
  actor: EventActor,
): Promise<Written> {
  const invoice = await invoiceByExternalId(tx, row.InvoiceExternalId);
  if (!invoice) {
    throw notFound(`No invoice ${row.InvoiceExternalId}.`, {
      InvoiceExternalId: 'No invoice has this number.',
    });
  }
  if (row.Currency !== invoice.Currency) {
    throw invalidInput(`${invoice.InvoiceNumber} is in ${invoice.Currency}, not ${row.Currency}.`, {
      Currency: `Use the invoice's currency, ${invoice.Currency}.`,
    });
  }
  const [current] = await tx
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.ExternalId, row.ExternalId))
    .limit(1);
  if (current) {
    const same =
      current.InvoiceId === invoice.Id &&
      current.CreditNoteNumber === row.CreditNoteNumber &&
      current.CreditDate === row.CreditDate &&
      current.Amount === row.Amount &&
      current.Reason === row.Reason;
    if (same) return { outcome: 'unchanged', id: current.Id };
    throw conflict(`Credit note ${row.ExternalId} is recorded already and does not change.`, {
      ExternalId: 'A recorded credit note does not change.',
    });
  }
  const why = cannotTake(invoice, row.Amount, row.CreditDate);
  if (why) throw invalidInput(why, { Amount: why });
  const [created] = await tx
    .insert(creditNotes)
    .values({
      CustomerId: invoice.CustomerId,
      ExternalId: row.ExternalId,
      CreditNoteNumber: row.CreditNoteNumber,
      InvoiceId: invoice.Id,
      CreditDate: row.CreditDate,
      Currency: row.Currency,
      Amount: row.Amount,
      Reason: row.Reason,
    })
    .returning();
  await settle(tx, invoice, row.Amount);
  await recordEvent(
    tx,
    { ...actor, customerId: invoice.CustomerId },
    {
      kind: 'credit_note.issued',
      entity: 'credit_notes',
      entityId: created!.Id,
      data: {
        CreditNoteNumber: row.CreditNoteNumber,
        InvoiceNumber: invoice.InvoiceNumber,
        Amount: row.Amount,
        Currency: row.Currency,
      },
      after: created,
    },
  );
  return { outcome: 'created', id: created!.Id };
}

// ---------------------------------------------------------------------------- credit limit

/** The customer's credit limit as the ERP keeps it (null removes it). */
export async function upsertCreditLimit(
  tx: Db,
  row: CreditLimitUpsertRow,
  actor: EventActor,
): Promise<Written> {
  const customer = await customerOf(tx, row);
  requireCurrency(customer, row.Currency);
  const [current] = await tx
    .select()
    .from(customerCredit)
    .where(eq(customerCredit.CustomerId, customer.Id))
    .limit(1);
  if ((current?.CreditLimit ?? null) === row.CreditLimit) {
    return { outcome: 'unchanged', id: customer.Id };
  }
  if (row.CreditLimit === null) {
    await tx.delete(customerCredit).where(eq(customerCredit.CustomerId, customer.Id));
  } else {
    await tx
      .insert(customerCredit)
      .values({ CustomerId: customer.Id, CreditLimit: row.CreditLimit })
      .onConflictDoUpdate({
        target: customerCredit.CustomerId,
        set: { CreditLimit: row.CreditLimit, LastUpdatedDate: new Date() },
      });
  }
  await recordEvent(
    tx,
    { ...actor, customerId: customer.Id },
    {
      kind: 'customer.credit_limit_set',
      entity: 'customers',
      entityId: customer.Id,
      data: { CreditLimit: row.CreditLimit, Currency: row.Currency },
      before: current ?? null,
      after: { CustomerId: customer.Id, CreditLimit: row.CreditLimit },
    },
  );
  return { outcome: 'updated', id: customer.Id };
}
