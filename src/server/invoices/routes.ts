/**
 * A customer's account (docs/product/invoices.md): `/api/db/invoices` (the list, the account's
 * totals, one invoice and its PDF) and `/api/db/statement` (the statement of account, as JSON and
 * PDF). Every customer role reads them, and staff for the customer they act for; every handler
 * resolves the customer in effect first, so another customer's invoice or statement is a 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/schemas/common';
import {
  accountQuerySchema,
  accountSummarySchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  statementQuerySchema,
  statementSchema,
} from '../../shared/schemas/invoice';
import { downloadHeaders, ok } from '../http/answers';
import type { AppEnv } from '../http/context';
import { createRouter, customerHeader, dataOf, errors, json } from '../http/openapi';
import { perUserReadLimit, READ_LIMITS } from '../http/rate-limit';
import { authenticate, resolveCustomerScope } from '../identity/auth';
import type { Context } from 'hono';
import {
  invoiceFileName,
  renderInvoicePdf,
  renderStatementPdf,
  statementFileName,
} from './documents';
import { accountSummary, erpPdfOf, getInvoice, listInvoices, statementOf } from './queries';

const TAGS = ['invoices'];
const scoped = z.object(customerHeader);
const binary = z.string().openapi({ format: 'binary' });
const pdfAnswer = {
  200: { description: 'The PDF', content: { 'application/pdf': { schema: binary } } },
  ...errors(404, 429),
};

/** Documents are for saving, never for running in the portal's origin. */
function sendPdf(c: Context<AppEnv>, bytes: Uint8Array, fileName: string) {
  return c.body(new Uint8Array(bytes), 200, downloadHeaders('application/pdf', fileName));
}

/** Drawn documents share the per-person document budget of the packing lists (decision 037). */
const documentLimit = perUserReadLimit(READ_LIMITS.document);

const listRoute = createRoute({
  method: 'get',
  operationId: 'listInvoices',
  path: '/',
  summary:
    "The customer's invoices: open, overdue, paid or all; searched by invoice, PO or order number; by due date; with the totals of every match",
  tags: TAGS,
  request: { query: invoiceListQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(invoiceListSchema), 'The invoices'), ...errors() },
});

const accountRoute = createRoute({
  method: 'get',
  operationId: 'getAccountSummary',
  path: '/account',
  summary: "The customer's open balance, what is overdue, its credit limit and available credit",
  tags: TAGS,
  request: { query: accountQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(accountSummarySchema), 'The account'), ...errors() },
});

const invoiceParam = z.object({ id: idParamSchema });

const getRoute = createRoute({
  method: 'get',
  operationId: 'getInvoice',
  path: '/{id}',
  summary:
    'One invoice: its lines with their orders and shipments, and the payments and credits applied',
  tags: TAGS,
  request: { params: invoiceParam, query: accountQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(invoiceDetailSchema), 'The invoice'), ...errors(404) },
});

const pdfRoute = createRoute({
  method: 'get',
  operationId: 'getInvoicePdf',
  path: '/{id}/pdf',
  summary:
    "The invoice as a PDF download: the ERP's own when it sent one, else drawn by the portal",
  tags: TAGS,
  middleware: [documentLimit],
  request: { params: invoiceParam, headers: scoped },
  responses: pdfAnswer,
});

const router = createRouter();
router.use(authenticate);

export const invoicesRoutes = router
  .openapi(listRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const { today, ...query } = c.req.valid('query');
    return ok(
      c,
      await listInvoices(c.get('db'), customerId, { ...query, today: today ?? c.get('today') }),
    );
  })
  .openapi(accountRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const today = c.req.valid('query').today ?? c.get('today');
    return ok(c, await accountSummary(c.get('db'), customerId, today));
  })
  .openapi(getRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const today = c.req.valid('query').today ?? c.get('today');
    return ok(c, await getInvoice(c.get('db'), customerId, c.req.valid('param').id, today));
  })
  .openapi(pdfRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const db = c.get('db');
    // Scoped first: another customer's invoice is a 404 before anything is read or drawn.
    const invoice = await getInvoice(db, customerId, c.req.valid('param').id, c.get('today'));
    // The ERP's own PDF when it sent one, else drawn here.
    const erpPdf = invoice.HasErpPdf ? await erpPdfOf(db, invoice.Id) : null;
    return sendPdf(
      c,
      erpPdf ?? (await renderInvoicePdf(invoice)),
      invoiceFileName(invoice.InvoiceNumber),
    );
  });

const statementRoute = createRoute({
  method: 'get',
  operationId: 'getStatement',
  path: '/',
  summary:
    'The statement of account as at a date: opening balance, every invoice, credit and payment in date order with the running balance, closing balance, and the aging of what is open',
  tags: TAGS,
  request: { query: statementQuerySchema, headers: scoped },
  responses: { 200: json(dataOf(statementSchema), 'The statement'), ...errors() },
});

const statementPdfRoute = createRoute({
  method: 'get',
  operationId: 'getStatementPdf',
  path: '/pdf',
  summary: 'The statement of account as a PDF download',
  tags: TAGS,
  middleware: [documentLimit],
  request: { query: statementQuerySchema, headers: scoped },
  responses: pdfAnswer,
});

const statementRouter = createRouter();
statementRouter.use(authenticate);

export const statementRoutes = statementRouter
  .openapi(statementRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const { asOf, from } = c.req.valid('query');
    return ok(
      c,
      await statementOf(c.get('db'), customerId, { asOf: asOf ?? c.get('today'), from }),
    );
  })
  .openapi(statementPdfRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const { asOf, from } = c.req.valid('query');
    const statement = await statementOf(c.get('db'), customerId, {
      asOf: asOf ?? c.get('today'),
      from,
    });
    return sendPdf(c, await renderStatementPdf(statement), statementFileName(statement.AsOf));
  });
