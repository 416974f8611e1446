/**
 * Invoices, payments, credit notes and the statement of account (docs/product/invoices.md): the
 * rows the plant's ERP upserts, and what the customer's screens read. Money is integer minor units
 * of the row's `Currency` (the customer's), never a decimal.
 */
import { z } from 'zod';
import { INVOICE_FILTERS, INVOICE_STATUSES, STATEMENT_ENTRY_KINDS } from '../invoices';
import { idSchema } from './common';
import {
  calendarDateSchema,
  CUSTOMER_REF_MESSAGE,
  externalIdSchema,
  orderNumberSchema,
  searchSchema,
  textSchema,
} from './fields';

/** Minor units: whole, and within what a bigint column and a JS number both hold exactly. */
const minorUnits = z
  .number({ error: 'Enter an amount in minor units (cents).' })
  .int('Use whole minor units (cents), not decimals.')
  .min(0, 'Enter 0 or more.')
  .max(1e14, 'That amount is too large.');
const positiveMinorUnits = minorUnits.min(1, 'Enter more than 0.');
const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Use the three-letter ISO code of the currency, e.g. USD.');
const documentNumber = textSchema()
  .trim()
  .min(1, 'Enter the document’s number.')
  .max(64, 'Keep it to 64 characters.');
const shortText = (max: number) =>
  textSchema().trim().max(max, `Keep it under ${max} characters.`).default('');

/** The customer a row is about: the ERP's number or the portal's id, exactly one of them. */
const customerRef = {
  CustomerExternalId: externalIdSchema.optional(),
  CustomerId: idSchema.optional(),
};
const namesOneCustomer = (row: { [K in keyof typeof customerRef]?: unknown }) =>
  (row.CustomerExternalId === undefined) !== (row.CustomerId === undefined);

// ---------------------------------------------------------------------------- upsert rows

/**
 * An invoice, stated whole each time it is sent: its lines must add up to `Subtotal`, and
 * `Subtotal` plus `Tax` to `Total`. A line names what it bills by the portal's or the ERP's
 * numbers (all optional: a freight line bills no order line). `Void: true` voids an invoice
 * nothing has been paid on. `PdfBase64` is the ERP's own PDF, if it has one.
 */
export const invoiceUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    InvoiceNumber: documentNumber,
    ...customerRef,
    InvoiceDate: calendarDateSchema,
    DueDate: calendarDateSchema,
    PaymentTerms: shortText(64),
    PoNumber: shortText(100),
    Currency: currencySchema,
    Lines: z
      .array(
        z
          .object({
            OrderNumber: orderNumberSchema.optional(),
            OrderExternalId: externalIdSchema.optional(),
            LineNumber: z.number().int().min(1).max(1000).optional(),
            LineExternalId: externalIdSchema.optional(),
            ShipmentExternalId: externalIdSchema.optional(),
            ShipmentId: idSchema.optional(),
            Description: textSchema().trim().min(1, 'Describe the line.').max(200),
            Qty: z.number().int('Use whole units.').min(0).max(10_000_000),
            UnitPrice: minorUnits,
            Amount: minorUnits,
          })
          .strict(),
      )
      .min(1, 'An invoice bills at least one line.')
      .max(1000),
    Subtotal: minorUnits,
    Tax: minorUnits,
    Total: minorUnits,
    Void: z.boolean().default(false),
    PdfBase64: z
      .string()
      .max(4_000_000, 'Keep the PDF under 3 MB.')
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Send the PDF as base64.')
      .optional(),
  })
  .strict()
  .refine(namesOneCustomer, { path: ['CustomerExternalId'], message: CUSTOMER_REF_MESSAGE })
  .refine((row) => row.DueDate >= row.InvoiceDate, {
    path: ['DueDate'],
    message: 'The due date cannot be before the invoice date.',
  });
export type InvoiceUpsertRow = z.output<typeof invoiceUpsertRowSchema>;

/** A payment received, and how it was applied: wholly, to invoices named by the ERP's numbers. */
export const paymentUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    ...customerRef,
    PaymentDate: calendarDateSchema,
    Currency: currencySchema,
    Amount: positiveMinorUnits,
    Reference: shortText(100),
    Applications: z
      .array(z.object({ InvoiceExternalId: externalIdSchema, Amount: positiveMinorUnits }).strict())
      .min(1, 'Say which invoices the payment pays.')
      .max(1000),
  })
  .strict()
  .refine(namesOneCustomer, { path: ['CustomerExternalId'], message: CUSTOMER_REF_MESSAGE });
export type PaymentUpsertRow = z.output<typeof paymentUpsertRowSchema>;

/** A credit note against one invoice, named by the ERP's number. */
export const creditNoteUpsertRowSchema = z
  .object({
    ExternalId: externalIdSchema,
    CreditNoteNumber: documentNumber,
    InvoiceExternalId: externalIdSchema,
    CreditDate: calendarDateSchema,
    Currency: currencySchema,
    Amount: positiveMinorUnits,
    Reason: shortText(200),
  })
  .strict();
export type CreditNoteUpsertRow = z.output<typeof creditNoteUpsertRowSchema>;

/** A customer's credit limit, as the ERP keeps it; null removes it. */
export const creditLimitUpsertRowSchema = z
  .object({
    ...customerRef,
    Currency: currencySchema,
    CreditLimit: minorUnits.nullable(),
  })
  .strict()
  .refine(namesOneCustomer, { path: ['CustomerExternalId'], message: CUSTOMER_REF_MESSAGE });
export type CreditLimitUpsertRow = z.output<typeof creditLimitUpsertRowSchema>;

// ------------------------------------------------------------------------------ reading

export const invoiceListQuerySchema = z
  .object({
    filter: z.enum(INVOICE_FILTERS).default('open'),
    /** An invoice's number, a PO or an order number. */
    q: searchSchema,
    /** The invoices of one order (its page). */
    orderId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    sort: z.enum(['dueDate', '-dueDate']).default('dueDate'),
    /** The caller's today, for what is overdue; the server's otherwise. */
    today: calendarDateSchema.optional(),
  })
  .strict();
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoiceRowSchema = z.object({
  Id: idSchema,
  InvoiceNumber: z.string(),
  InvoiceDate: z.string(),
  DueDate: z.string(),
  PaymentTerms: z.string(),
  PoNumber: z.string(),
  Currency: z.string(),
  Subtotal: z.number(),
  Tax: z.number(),
  Total: z.number(),
  AmountPaid: z.number(),
  /** What is still owed on it (0 when paid or void). */
  Open: z.number(),
  Status: z.enum(INVOICE_STATUSES),
  Overdue: z.boolean(),
  /** The portal's numbers of the orders it bills. */
  OrderNumbers: z.array(z.number()),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** At most this many invoices in one answer; the totals always count every match. */
export const MAX_INVOICES_SHOWN = 500;

export const invoiceListSchema = z.object({
  Currency: z.string(),
  Rows: z.array(invoiceRowSchema),
  /** Of every invoice that matches, not only those in `Rows`. */
  Totals: z.object({ Count: z.number(), Total: z.number(), Open: z.number() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoiceLineRowSchema = z.object({
  LineNumber: z.number(),
  Description: z.string(),
  Qty: z.number(),
  UnitPrice: z.number(),
  Amount: z.number(),
  OrderId: idSchema.nullable(),
  OrderNumber: z.number().nullable(),
  OrderLineNumber: z.number().nullable(),
  ShipmentId: idSchema.nullable(),
  ShipDate: z.string().nullable(),
});

export const invoiceSettlementSchema = z.object({
  Kind: z.enum(['payment', 'credit']),
  Date: z.string(),
  /** The payment's reference or the credit note's number. */
  Document: z.string(),
  Amount: z.number(),
});

export const invoiceDetailSchema = invoiceRowSchema.extend({
  CustomerName: z.string(),
  HasErpPdf: z.boolean(),
  Lines: z.array(invoiceLineRowSchema),
  Settlements: z.array(invoiceSettlementSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/** The customer's account at a glance: the dashboard's tiles and the order review's credit. */
export const accountSummarySchema = z.object({
  Currency: z.string(),
  OpenBalance: z.number(),
  Overdue: z.number(),
  OverdueCount: z.number(),
  CreditLimit: z.number().nullable(),
  /** The limit less the open balance (negative when over); null with no limit. */
  AvailableCredit: z.number().nullable(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountQuerySchema = z.object({ today: calendarDateSchema.optional() }).strict();

export const statementQuerySchema = z
  .object({
    /** The statement's date (the server's today when left out). */
    asOf: calendarDateSchema.optional(),
    /** Its first day (the first of asOf's month when left out). */
    from: calendarDateSchema.optional(),
  })
  .strict()
  .refine((q) => q.asOf === undefined || q.from === undefined || q.from <= q.asOf, {
    path: ['from'],
    message: 'The start cannot be after the statement date.',
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementLineSchema = z.object({
  Kind: z.enum(STATEMENT_ENTRY_KINDS),
  Date: z.string(),
  Document: z.string(),
  Id: idSchema,
  /** Signed: what it adds to (an invoice) or takes off (a credit, a payment) the balance. */
  Amount: z.number(),
  Balance: z.number(),
  /** An invoice's due date; null for the rest. */
  DueDate: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementSchema = z.object({
  CustomerName: z.string(),
  Currency: z.string(),
  From: z.string(),
  AsOf: z.string(),
  OpeningBalance: z.number(),
  Lines: z.array(statementLineSchema),
  ClosingBalance: z.number(),
  /** What is open as at AsOf by days past due (AGING_BUCKETS); Total equals ClosingBalance. */
  Aging: z.object({
    current: z.number(),
    days1to30: z.number(),
    days31to60: z.number(),
    days61to90: z.number(),
    over90: z.number(),
    Total: z.number(),
  }),
});
export type Statement = z.infer<typeof statementSchema>;
