/**
 * Demo invoices (docs/product/demo-data.md): one for each shipment of ACME's and GLOBEX's demo
 * orders, dated on its ship date, so every account screen has something true to show: of the
 * oldest first, one in four is paid in full, one part paid (and credited a little), one overdue,
 * one open and not yet due. Each customer also gets a credit limit. Written through the invoices'
 * service, as the ERP's would be. Idempotent: a document whose number exists is left as it is.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, utcToday } from '../../shared/calendar-date';
import { minorDigits } from '../../shared/format';
import type { Db } from '../db/database';
import {
  creditNotes,
  customers,
  invoices,
  orderLines,
  orders,
  payments,
  shipmentLines,
  shipments,
} from '../db/schema';
import type { EventActor } from '../events';
import {
  upsertCreditLimit,
  upsertCreditNote,
  upsertInvoice,
  upsertPayment,
} from '../invoices/service';

const SEED: EventActor = { uid: 'system:seed', staff: true };

/** Sales tax of the demo invoices: 7%, rounded to the minor unit. */
const TAX_RATE = 0.07;

async function exists(
  tx: Db,
  table: typeof invoices | typeof payments | typeof creditNotes,
  externalId: string,
) {
  const found = await tx
    .select({ Id: table.Id })
    .from(table)
    .where(eq(table.ExternalId, externalId))
    .limit(1);
  return found.length > 0;
}

export async function seedInvoices(
  tx: Db,
  customerIds: ReadonlyMap<string, number>,
): Promise<void> {
  const today = utcToday();
  for (const [code, limit] of [
    ['ACME', 5_000_000],
    ['GLOBEX', 2_500_000],
  ] as const) {
    const customerId = customerIds.get(code);
    if (customerId === undefined) continue;
    const [customer] = await tx.select().from(customers).where(eq(customers.Id, customerId));
    if (!customer) continue;
    const currency = customer.Currency;
    const scale = 10 ** minorDigits(currency);
    await upsertCreditLimit(
      tx,
      { CustomerId: customerId, Currency: currency, CreditLimit: limit },
      SEED,
    );

    const shipped = await tx
      .select({
        Id: shipments.Id,
        ShipDate: shipments.ShipDate,
        OrderNumber: orders.OrderNumber,
      })
      .from(shipments)
      .innerJoin(orders, eq(orders.Id, shipments.OrderId))
      .where(and(eq(shipments.CustomerId, customerId), eq(orders.CustomerId, customerId)))
      .orderBy(asc(shipments.ShipDate), asc(shipments.Id));
    if (shipped.length === 0) continue;
    const lines = await tx
      .select({
        ShipmentId: shipmentLines.ShipmentId,
        Qty: shipmentLines.Qty,
        LineNumber: orderLines.LineNumber,
        Description: orderLines.Description,
        ItemNumber: orderLines.ItemNumber,
        UnitPrice: orderLines.UnitPrice,
      })
      .from(shipmentLines)
      .innerJoin(orderLines, eq(orderLines.Id, shipmentLines.OrderLineId))
      .where(
        inArray(
          shipmentLines.ShipmentId,
          shipped.map((s) => s.Id),
        ),
      )
      .orderBy(asc(shipmentLines.Id));

    for (const [index, shipment] of shipped.entries()) {
      const externalId = `DEMO-${code}-INV-${shipment.Id}`;
      if (await exists(tx, invoices, externalId)) continue;
      const kind = index % 4;
      const invoiceLines = lines
        .filter((l) => l.ShipmentId === shipment.Id)
        .map((l) => {
          const unit = Math.round((l.UnitPrice ?? 1) * scale);
          return {
            OrderNumber: shipment.OrderNumber,
            LineNumber: l.LineNumber,
            ShipmentId: shipment.Id,
            Description: `${l.ItemNumber} ${l.Description}`.slice(0, 200),
            Qty: l.Qty,
            UnitPrice: unit,
            Amount: unit * l.Qty,
          };
        });
      if (invoiceLines.length === 0) continue;
      const subtotal = invoiceLines.reduce((s, l) => s + l.Amount, 0);
      const tax = Math.round(subtotal * TAX_RATE);
      // The overdue one is on short terms, so it is past due however recent the shipment.
      const invoiceDate = kind === 2 ? addDays(today, -20 - index) : shipment.ShipDate;
      const terms = kind === 2 ? 7 : 30;
      const number = `INV-${code}-${String(shipment.Id).padStart(5, '0')}`;
      await upsertInvoice(
        tx,
        {
          ExternalId: externalId,
          InvoiceNumber: number,
          CustomerId: customerId,
          InvoiceDate: invoiceDate,
          DueDate: addDays(invoiceDate, terms),
          PaymentTerms: `Net ${terms}`,
          PoNumber: '',
          Currency: currency,
          Lines: invoiceLines,
          Subtotal: subtotal,
          Tax: tax,
          Total: subtotal + tax,
          Void: false,
        },
        SEED,
      );
      const paidOn = (days: number) => {
        const day = addDays(invoiceDate, days);
        return day > today ? today : day;
      };
      if (kind === 0 || kind === 1) {
        const amount = kind === 0 ? subtotal + tax : Math.floor((subtotal + tax) / 2);
        const paymentId = `DEMO-${code}-PAY-${shipment.Id}`;
        if (!(await exists(tx, payments, paymentId))) {
          await upsertPayment(
            tx,
            {
              ExternalId: paymentId,
              CustomerId: customerId,
              PaymentDate: paidOn(10),
              Currency: currency,
              Amount: amount,
              Reference: `ACH ${shipment.Id}${code === 'ACME' ? '1' : '2'}`,
              Applications: [{ InvoiceExternalId: externalId, Amount: amount }],
            },
            SEED,
          );
        }
      }
      // The first part-paid invoice is also credited: a damaged carton, say.
      if (index === 1) {
        const creditId = `DEMO-${code}-CN-${shipment.Id}`;
        if (!(await exists(tx, creditNotes, creditId))) {
          await upsertCreditNote(
            tx,
            {
              ExternalId: creditId,
              CreditNoteNumber: `CN-${code}-${String(shipment.Id).padStart(5, '0')}`,
              InvoiceExternalId: externalId,
              CreditDate: paidOn(12),
              Currency: currency,
              Amount: Math.max(1, Math.round((subtotal + tax) / 10)),
              Reason: 'Damaged cartons on delivery',
            },
            SEED,
          );
        }
      }
    }
  }
}
