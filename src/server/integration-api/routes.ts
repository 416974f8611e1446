/**
 * The integration API, `/api/integration/v1` (docs/product/integration.md): the plant's systems
 * upsert customers, catalog items, order acknowledgements, production, releases, shipments and
 * order statuses in batches, and poll the events feed. Integration clients only (an API key with
 * the scope each endpoint names), each key within its own rate limit; people are refused.
 *
 * A call carries up to 1,000 rows. Each row is validated by the shared schema on its own: the
 * body's schema hands a refused row on as an `InvalidRow` instead of failing the call, so the
 * answer can list every row with its outcome. What each row does is in service.ts.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { MAX_UPSERT_ROWS, type IntegrationScope } from '../../shared/integration';
import {
  catalogItemUpsertRowSchema,
  customerUpsertRowSchema,
  feedPageSchema,
  feedQuerySchema,
  integrationOrderSchema,
  orderAcknowledgementRowSchema,
  orderStatusUpsertRowSchema,
  productionUpsertRowSchema,
  releaseUpsertRowSchema,
  shipmentUpsertRowSchema,
  upsertAnswerSchema,
} from '../../shared/schemas/integration';
import { idParamSchema } from '../../shared/schemas/common';
import {
  creditLimitUpsertRowSchema,
  creditNoteUpsertRowSchema,
  invoiceUpsertRowSchema,
  paymentUpsertRowSchema,
} from '../../shared/schemas/invoice';
import { authenticateClient, requireScope } from '../identity/auth';
import { notFound } from '../http/errors';
import type { AppEnv } from '../http/context';
import { perKeyLimit } from '../http/rate-limit';
import {
  createRouter,
  dataOf,
  errors,
  INTEGRATION_SECURITY,
  json,
  jsonBody,
  limitBody,
} from '../http/openapi';
import type { Db } from '../db/database';
import { webhookClientRoutes } from '../webhooks/routes';
import { readOrderForClient } from './queries';
import { decodeFeedCursor, encodeFeedCursor, FEED_START, readEventFeed } from './feed';
import {
  acknowledgeOrder,
  InvalidRow,
  upsertCatalogItem,
  upsertCreditLimits,
  upsertCreditNotes,
  upsertCustomer,
  upsertInvoices,
  upsertPayments,
  upsertOrderStatus,
  upsertProduction,
  upsertRelease,
  upsertRows,
  upsertShipment,
  type Applied,
  type Upserter,
} from './service';

const TAGS = ['integration'];

/**
 * The body of an upsert call: `{ Rows: [...] }`, 1 to 1,000 rows. The row schema is published as a
 * component of the document; in validation a row it refuses becomes an `InvalidRow` carrying its
 * field messages (zod's `catch`), so that row alone is refused. One row more than the limit, or a
 * body that is not `{ Rows: [...] }`, refuses the whole call with a 400.
 */
function rowsBody<S extends z.ZodType>(name: string, row: S) {
  const lenient = row
    // The fallback is a marker, not a row; `answer` reads the rows as either.
    .catch((ctx) => new InvalidRow(ctx.error.issues, ctx.input) as unknown as z.output<S>)
    .openapi({ type: 'object', allOf: [{ $ref: `#/components/schemas/${name}` }] });
  return z
    .object({
      Rows: z
        .array(lenient)
        .min(1, 'Send at least one row.')
        .max(
          MAX_UPSERT_ROWS,
          `At most ${MAX_UPSERT_ROWS.toLocaleString('en-US')} rows per call: nothing was applied. Send the rest in another call.`,
        ),
    })
    .strict();
}

/**
 * One upsert endpoint: its row (published as the component `name`), the scope it needs, its
 * operation, and the service function that applies one row. The row's output type is checked
 * against what `apply` takes.
 */
interface UpsertSpec<S extends z.ZodType> {
  name: string;
  row: S;
  scope: IntegrationScope;
  operationId: string;
  summary: string;
  apply: (tx: Db, row: z.output<S>, by: Upserter) => Promise<Applied>;
}

/**
 * An entry of `UPSERTS`: the spec, with what declares its route on a router. Typed here, where the
 * row's schema and its `apply` are known together; the table of all of them is not.
 */
const upsert = <S extends z.ZodType>(spec: UpsertSpec<S>) => ({
  ...spec,
  mount(on: OpenAPIHono<AppEnv>, path: string): void {
    on.openapi(upsertRoute(path, spec), async (c) =>
      answer(c, c.req.valid('json').Rows, spec.apply),
    );
  },
});

/** Every upsert endpoint, by its path under `/api/integration/v1`, in the document's order. */
const UPSERTS = {
  customers: upsert({
    name: 'CustomerUpsertRow',
    row: customerUpsertRowSchema,
    scope: 'customers:write',
    operationId: 'upsertCustomers',
    summary: "Upsert customers by the plant's number (ExternalId); Id links one the portal has",
    apply: upsertCustomer,
  }),
  'catalog-items': upsert({
    name: 'CatalogItemUpsertRow',
    row: catalogItemUpsertRowSchema,
    scope: 'catalog:write',
    operationId: 'upsertCatalogItems',
    summary: "Upsert catalog items with their prices by the plant's number (ExternalId)",
    apply: upsertCatalogItem,
  }),
  'order-acknowledgements': upsert({
    name: 'OrderAcknowledgementRow',
    row: orderAcknowledgementRowSchema,
    scope: 'orders:write',
    operationId: 'acknowledgeOrders',
    summary:
      "Acknowledge orders: the ERP's order number (ExternalId), line numbers and promised ship dates; confirms a Submitted order",
    apply: acknowledgeOrder,
  }),
  'order-statuses': upsert({
    name: 'OrderStatusUpsertRow',
    row: orderStatusUpsertRowSchema,
    scope: 'orders:write',
    operationId: 'upsertOrderStatuses',
    summary: 'Move orders along the order status machine, as staff would',
    apply: upsertOrderStatus,
  }),
  production: upsert({
    name: 'ProductionUpsertRow',
    row: productionUpsertRowSchema,
    scope: 'production:write',
    operationId: 'upsertProduction',
    summary:
      'Set how much of each line is produced (absolute figures; never below what is released)',
    apply: upsertProduction,
  }),
  releases: upsert({
    name: 'ReleaseUpsertRow',
    row: releaseUpsertRowSchema,
    scope: 'shipments:write',
    operationId: 'upsertReleases',
    summary: "Release produced inventory for shipment, by the plant's number; schedule or cancel",
    apply: upsertRelease,
  }),
  shipments: upsert({
    name: 'ShipmentUpsertRow',
    row: shipmentUpsertRowSchema,
    scope: 'shipments:write',
    operationId: 'upsertShipments',
    summary:
      "Record shipments by the plant's number (carrier, tracking, BOL, pieces, weight) from whole releases",
    apply: upsertShipment,
  }),
  invoices: upsert({
    name: 'InvoiceUpsertRow',
    row: invoiceUpsertRowSchema,
    scope: 'invoices:write',
    operationId: 'upsertInvoices',
    summary:
      "Upsert invoices by the ERP's number, stated whole (lines adding up to the subtotal, subtotal and tax to the total, the customer's currency); void one nothing was paid on",
    apply: upsertInvoices,
  }),
  payments: upsert({
    name: 'PaymentUpsertRow',
    row: paymentUpsertRowSchema,
    scope: 'invoices:write',
    operationId: 'upsertPayments',
    summary:
      "Record payments by the ERP's number, applied whole to open invoices (never beyond what is open on one); a recorded payment does not change",
    apply: upsertPayments,
  }),
  'credit-notes': upsert({
    name: 'CreditNoteUpsertRow',
    row: creditNoteUpsertRowSchema,
    scope: 'invoices:write',
    operationId: 'upsertCreditNotes',
    summary:
      "Record credit notes by the ERP's number against one invoice (at most what is open on it); a recorded credit note does not change",
    apply: upsertCreditNotes,
  }),
  'credit-limits': upsert({
    name: 'CreditLimitUpsertRow',
    row: creditLimitUpsertRowSchema,
    scope: 'invoices:write',
    operationId: 'upsertCreditLimits',
    summary: "Set customers' credit limits in their currency (null removes one)",
    apply: upsertCreditLimits,
  }),
};

function upsertRoute<S extends z.ZodType>(path: string, spec: UpsertSpec<S>) {
  const { name, row, scope, operationId, summary } = spec;
  return createRoute({
    method: 'post',
    operationId,
    path: `/${path}`,
    summary: `${summary}. Scope ${scope}`,
    description:
      'Up to 1,000 rows; each is applied on its own (a refused row changes nothing and blocks no other). The answer lists every row in order: created, updated, unchanged or refused with its field messages. The same batch sent again answers unchanged.',
    tags: TAGS,
    security: INTEGRATION_SECURITY,
    middleware: [requireScope(scope)],
    request: { body: jsonBody(rowsBody(name, row)) },
    responses: {
      200: json(upsertAnswerSchema, 'Every row, in the order sent, with its outcome'),
      ...errors(413, 429),
    },
  });
}

const feedRoute = createRoute({
  method: 'get',
  operationId: 'readEventsFeed',
  path: '/events',
  summary:
    'The events feed: what changed, oldest first, from a cursor (at least once; never skips an event). Scope events:read',
  tags: TAGS,
  security: INTEGRATION_SECURITY,
  middleware: [requireScope('events:read')],
  request: { query: feedQuerySchema },
  responses: { 200: json(feedPageSchema, 'A page of events'), ...errors(429) },
});

const orderRoute = createRoute({
  method: 'get',
  operationId: 'readIntegrationOrder',
  path: '/orders/{OrderNumber}',
  summary:
    'One order by its portal number, with its lines: what to acknowledge, produce and ship. Scope orders:read',
  tags: TAGS,
  security: INTEGRATION_SECURITY,
  middleware: [requireScope('orders:read')],
  request: { params: z.object({ OrderNumber: idParamSchema }) },
  responses: { 200: json(dataOf(integrationOrderSchema), 'The order'), ...errors(404, 429) },
});

const upserter = (c: Context<AppEnv>): Upserter => ({
  clientId: c.get('client').clientId,
});

/** A thousand rows of a shipment's size, with room: the ordinary 16 KB would refuse a batch. */
const INTEGRATION_BODY_LIMIT = 2 * 1024 * 1024;

const router = createRouter({ bodyLimit: limitBody(INTEGRATION_BODY_LIMIT) });
router.use(authenticateClient);
router.use(perKeyLimit());
for (const { name, row } of Object.values(UPSERTS)) router.openAPIRegistry.register(name, row);

/**
 * Applies a validated batch and answers every row. The rows are typed as the row schema's output,
 * but those the schema refused are `InvalidRow`s (`rowsBody`), which `upsertRows` answers refused.
 */
async function answer<R>(
  c: Context<AppEnv>,
  rows: readonly R[],
  apply: (tx: Db, row: R, by: Upserter) => Promise<Applied>,
) {
  const by = upserter(c);
  const data = await upsertRows<R>(c.get('db'), rows as ReadonlyArray<R | InvalidRow>, (tx, row) =>
    apply(tx, row, by),
  );
  return c.json({ data }, 200);
}

for (const [path, { mount }] of Object.entries(UPSERTS)) mount(router, path);

/**
 * Typed as a plain router: the PWA never calls these endpoints (no typed client needs their
 * types), and their schemas' types merged into the app's would pass what TypeScript represents.
 */
export const integrationApiRoutes: OpenAPIHono<AppEnv> = router
  .openapi(feedRoute, async (c) => {
    const { after, kinds, limit } = c.req.valid('query');
    const page = await readEventFeed(c.get('db'), {
      after: after === undefined ? FEED_START : decodeFeedCursor(after),
      kinds,
      limit,
    });
    return c.json(
      { data: page.events, nextCursor: encodeFeedCursor(page.position), more: page.more },
      200,
    );
  })
  .openapi(orderRoute, async (c) => {
    const order = await readOrderForClient(c.get('db'), c.req.valid('param').OrderNumber);
    if (!order) throw notFound(`There is no order ${c.req.valid('param').OrderNumber}.`);
    return c.json({ data: [order] }, 200);
  })
  // Webhooks: the client's own endpoints (decision 040), behind this router's key check and limit.
  .route('/', webhookClientRoutes);
