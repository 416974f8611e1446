/**
 * Orders and what hangs off them: status changes, production, releases, shipments. Their paths are
 * an order's (`/orders/{id}/releases`, `/orders/{id}/shipments`), so their endpoints are here; what
 * each change does is in the service.ts of orders, releases and shipments, the SQL in their
 * queries.ts. Every handler resolves the customer in effect first and passes it on, so another
 * customer's order is a 404 from the database, never a 403 that confirms it exists.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Actor } from '../../shared/order-status';
import { idParamSchema } from '../../shared/schemas/common';
import {
  approvalDecisionSchema,
  orderCreateSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderRowSchema,
  orderStatusChangeSchema,
  pageQuerySchema,
  productionSchema,
  promisedDateChangeSchema,
  releaseCreateSchema,
  releaseRowSchema,
  releaseStatusChangeSchema,
  shipmentCreateSchema,
  shipmentRowSchema,
  ORDER_SORTS,
} from '../../shared/schemas/order';
import { activityQuerySchema, activityRowSchema } from '../../shared/schemas/events';
import { listActivity } from '../audit/queries';
import {
  authenticate,
  isStaff,
  requireCapability,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import type { Capability } from '../../shared/roles';
import { created, createdList, okVersioned, page } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import type { AppEnv } from '../http/context';
import { listOrders, requireOrder, requireOrderDetail } from './queries';
import {
  changeOrderStatus,
  changePromisedDate,
  createOrder,
  decideApproval,
  recordProduction,
  type ActingParty,
} from './service';
import { listOrderReleases, releasesById } from '../releases/queries';
import { changeReleaseStatus, createReleases } from '../releases/service';
import { findShipment, listOrderShipments } from '../shipments/queries';
import { createShipment } from '../shipments/service';
import { forbidden, notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import { perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import {
  createRouter,
  limitBody,
  customerHeader,
  dataOf,
  errors,
  idempotencyHeader,
  ifMatchHeader,
  json,
  jsonBody,
  pageOf,
} from '../http/openapi';

const orderParam = z.object({ id: idParamSchema });
const lineParam = z.object({ id: idParamSchema, lineId: idParamSchema });
const releaseParam = z.object({ id: idParamSchema, releaseId: idParamSchema });

/**
 * The caller as the order machines see them, with the customer whose data they touch. A change
 * needs what the caller's roles allow (`capability`): a Viewer or an Approver alone moves nothing
 * but what approvers decide. Checked before the customer is resolved, so a refusal says nothing
 * of the order.
 */
async function acting(
  c: Context<AppEnv>,
  capability: Capability,
): Promise<{ customerId: number; by: ActingParty }> {
  const user = requireCapability(c, capability);
  const { customerId } = await resolveCustomerScope(c);
  const actor: Actor = isStaff(user) ? 'staff' : 'buyer';
  return { customerId, by: { uid: user.Uid, actor } };
}

/** Staff act on what only staff do; who may is their role's business, not a capability's. */
async function actingStaffOrBuyer(c: Context<AppEnv>) {
  const user = requireUser(c);
  const { customerId } = await resolveCustomerScope(c);
  const actor: Actor = isStaff(user) ? 'staff' : 'buyer';
  return { customerId, by: { uid: user.Uid, actor } satisfies ActingParty };
}

function requireStaffActor(by: ActingParty, what: string): void {
  if (by.actor !== 'staff') throw forbidden(`Only staff ${what}.`);
}

const TAGS = ['orders'];
const scoped = z.object(customerHeader);

const listOrdersRoute = createRoute({
  method: 'get',
  operationId: 'listOrders',
  path: '/',
  summary: `Orders of the customer in effect: search (order, PO or item number), status and date filters, sort (${ORDER_SORTS.join(', ')})`,
  tags: TAGS,
  request: { query: orderListQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(orderRowSchema), 'A page of orders'), ...errors() },
});

const placeOrder = createRoute({
  method: 'post',
  operationId: 'placeOrder',
  path: '/',
  summary: 'Place an order (buyers, or staff on behalf of the customer) from items offered to it',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.order)],
  request: {
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: jsonBody(orderCreateSchema),
  },
  responses: {
    201: json(dataOf(orderDetailSchema), 'The new order'),
    ...errors(409, 413, 422, 429),
  },
});

const getOrder = createRoute({
  method: 'get',
  operationId: 'getOrder',
  path: '/{id}',
  summary:
    'One order with its lines (ordered, produced, released, shipped, pending, on hand) and status history',
  tags: TAGS,
  request: { params: orderParam, headers: scoped },
  responses: { 200: json(dataOf(orderDetailSchema), 'The order'), ...errors(404) },
});

const changeOrderStatusRoute = createRoute({
  method: 'post',
  operationId: 'changeOrderStatus',
  path: '/{id}/status',
  summary: 'Move an order along the status machine (confirm, start production, cancel, close)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: orderParam,
    headers: z.object({ ...customerHeader, ...ifMatchHeader }),
    body: jsonBody(orderStatusChangeSchema),
  },
  responses: {
    200: json(dataOf(orderDetailSchema), 'The order as changed'),
    ...errors(404, 409, 412, 413, 428, 429),
  },
});

const decideApprovalRoute = createRoute({
  method: 'post',
  operationId: 'decideOrderApproval',
  path: '/{id}/approval',
  summary:
    "The customer's approvers: approve an order that waits for approval (it goes to the plant) or reject it with a reason; never one's own",
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: orderParam,
    headers: z.object({ ...customerHeader, ...ifMatchHeader }),
    body: jsonBody(approvalDecisionSchema),
  },
  responses: {
    200: json(dataOf(orderDetailSchema), 'The order as decided'),
    ...errors(404, 409, 412, 413, 428, 429),
  },
});

const recordProductionRoute = createRoute({
  method: 'put',
  operationId: 'recordProduction',
  path: '/{id}/lines/{lineId}/production',
  summary: "Staff: set a line's produced quantity (never above ordered, never below released)",
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: lineParam,
    headers: z.object({ ...customerHeader, ...ifMatchHeader }),
    body: jsonBody(productionSchema),
  },
  responses: {
    200: json(dataOf(orderDetailSchema), 'The order as changed'),
    ...errors(404, 409, 412, 413, 428, 429),
  },
});

const changePromisedDateRoute = createRoute({
  method: 'put',
  operationId: 'changePromisedDate',
  path: '/{id}/lines/{lineId}/promised-date',
  summary:
    "Staff: move a confirmed line's promised ship date, with a reason kept in the order's history",
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: lineParam,
    headers: z.object({ ...customerHeader, ...ifMatchHeader }),
    body: jsonBody(promisedDateChangeSchema),
  },
  responses: {
    200: json(dataOf(orderDetailSchema), 'The order as changed'),
    ...errors(404, 409, 412, 413, 428, 429),
  },
});

const listOrderReleasesRoute = createRoute({
  method: 'get',
  operationId: 'listOrderReleases',
  path: '/{id}/releases',
  summary: "An order's releases, soonest requested ship date first",
  tags: TAGS,
  request: { params: orderParam, query: pageQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(releaseRowSchema), 'A page of releases'), ...errors(404) },
});

const createReleasesRoute = createRoute({
  method: 'post',
  operationId: 'createReleases',
  path: '/{id}/releases',
  summary: 'Release on-hand inventory for shipment, one release per line; never more than on hand',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.release)],
  request: {
    params: orderParam,
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: jsonBody(releaseCreateSchema),
  },
  responses: {
    201: json(dataOf(releaseRowSchema), 'The new releases'),
    ...errors(404, 409, 413, 422, 429),
  },
});

const changeReleaseStatusRoute = createRoute({
  method: 'post',
  operationId: 'changeReleaseStatus',
  path: '/{id}/releases/{releaseId}/status',
  summary: 'Schedule (staff) or cancel a release',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: releaseParam,
    headers: z.object({ ...customerHeader, ...ifMatchHeader }),
    body: jsonBody(releaseStatusChangeSchema),
  },
  responses: {
    200: json(dataOf(releaseRowSchema), 'The release as changed'),
    ...errors(404, 409, 412, 413, 428, 429),
  },
});

const listOrderShipmentsRoute = createRoute({
  method: 'get',
  operationId: 'listOrderShipments',
  path: '/{id}/shipments',
  summary: "An order's shipments with their lines and tracking links, newest first",
  tags: TAGS,
  request: { params: orderParam, query: pageQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(shipmentRowSchema), 'A page of shipments'), ...errors(404) },
});

const createShipmentRoute = createRoute({
  method: 'post',
  operationId: 'createShipment',
  path: '/{id}/shipments',
  summary: 'Staff: ship scheduled releases (ship date, carrier, tracking and BOL numbers)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    params: orderParam,
    headers: z.object({ ...customerHeader, ...idempotencyHeader }),
    body: jsonBody(shipmentCreateSchema),
  },
  responses: {
    201: json(dataOf(shipmentRowSchema), 'The new shipment'),
    ...errors(404, 409, 413, 422, 429),
  },
});

const listOrderActivityRoute = createRoute({
  method: 'get',
  operationId: 'listOrderActivity',
  path: '/{id}/activity',
  summary:
    "An order's activity timeline, oldest first: what happened to it, its lines, releases and shipments, by whom, and whether staff acted on the customer's behalf",
  tags: TAGS,
  request: { params: orderParam, query: activityQuerySchema, headers: scoped },
  responses: { 200: json(pageOf(activityRowSchema), 'A page of the timeline'), ...errors(404) },
});

/** `{ data: [detail] }` with the order's ETag, after a change or for a read. */
async function answerDetail(c: Context<AppEnv>, customerId: number, orderId: number) {
  return okVersioned(c, await requireOrderDetail(c.get('db'), customerId, orderId, c.get('today')));
}

/**
 * An order (and a release of its lines) may have up to 500 lines, a quick order's sheet: about
 * 130 bytes a line at most, so the ordinary 16 KB would refuse a full one.
 */
const ORDER_BODY_LIMIT = 96 * 1024;

const router = createRouter({ bodyLimit: limitBody(ORDER_BODY_LIMIT) });
router.use(authenticate);

export const ordersRoutes = router
  .openapi(listOrdersRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const query = c.req.valid('query');
    const { rows, nextCursor } = await listOrders(c.get('db'), {
      customerId,
      today: c.get('today'),
      ...query,
    });
    return page(c, rows, nextCursor);
  })
  .openapi(placeOrder, async (c) => {
    const { customerId, by } = await acting(c, 'order:place');
    const input = c.req.valid('json');
    return createIdempotently(
      c,
      input,
      async (tx) => {
        const orderId = await createOrder(tx, customerId, by, input, c.get('today'));
        return created(await requireOrderDetail(tx, customerId, orderId, c.get('today')));
      },
      { customerId },
    );
  })
  .openapi(getOrder, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    return answerDetail(c, customerId, c.req.valid('param').id);
  })
  .openapi(changeOrderStatusRoute, async (c) => {
    const { customerId, by } = await acting(c, 'order:place');
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const { Status, Note, PromisedDates } = c.req.valid('json');
    await changeOrderStatus(c.get('db'), customerId, id, by, {
      to: Status,
      note: Note,
      version,
      promisedDates: PromisedDates,
      today: c.get('today'),
    });
    return answerDetail(c, customerId, id);
  })
  .openapi(decideApprovalRoute, async (c) => {
    const user = requireCapability(c, 'order:approve');
    const { customerId } = await resolveCustomerScope(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const { Decision, Reason } = c.req.valid('json');
    await decideApproval(
      c.get('db'),
      customerId,
      id,
      { uid: user.Uid, actor: 'approver' },
      { decision: Decision, reason: Reason, version },
    );
    return answerDetail(c, customerId, id);
  })
  .openapi(recordProductionRoute, async (c) => {
    const { customerId, by } = await actingStaffOrBuyer(c);
    requireStaffActor(by, 'record production');
    const version = requireIfMatch(c);
    const { id, lineId } = c.req.valid('param');
    const { QtyProduced } = c.req.valid('json');
    await recordProduction(c.get('db'), customerId, id, lineId, by, {
      qtyProduced: QtyProduced,
      version,
    });
    return answerDetail(c, customerId, id);
  })
  .openapi(changePromisedDateRoute, async (c) => {
    const { customerId, by } = await actingStaffOrBuyer(c);
    requireStaffActor(by, 'promise ship dates');
    const version = requireIfMatch(c);
    const { id, lineId } = c.req.valid('param');
    const { PromisedShipDate, Reason } = c.req.valid('json');
    await changePromisedDate(c.get('db'), customerId, id, lineId, by, {
      promised: PromisedShipDate,
      reason: Reason,
      version,
    });
    return answerDetail(c, customerId, id);
  })
  .openapi(listOrderReleasesRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const order = await requireOrder(c.get('db'), customerId, c.req.valid('param').id);
    const { limit, cursor } = c.req.valid('query');
    const { rows, nextCursor } = await listOrderReleases(c.get('db'), order.Id, { limit, cursor });
    return page(c, rows, nextCursor);
  })
  .openapi(listOrderActivityRoute, async (c) => {
    // Whoever may read the order reads its timeline: found in the caller's scope, or a 404.
    const { customerId } = await resolveCustomerScope(c);
    const order = await requireOrder(c.get('db'), customerId, c.req.valid('param').id);
    const { rows, nextCursor } = await listActivity(
      c.get('db'),
      'orders',
      order.Id,
      c.req.valid('query'),
    );
    return page(c, rows, nextCursor);
  })
  .openapi(createReleasesRoute, async (c) => {
    const { customerId, by } = await acting(c, 'release:create');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return createIdempotently(
      c,
      input,
      async (tx) => {
        const ids = await createReleases(tx, customerId, id, by, input);
        return createdList(await releasesById(tx, ids));
      },
      { customerId },
    );
  })
  .openapi(changeReleaseStatusRoute, async (c) => {
    const { customerId, by } = await acting(c, 'release:create');
    const version = requireIfMatch(c);
    const { id, releaseId } = c.req.valid('param');
    const { Status } = c.req.valid('json');
    await changeReleaseStatus(c.get('db'), customerId, id, releaseId, by, { to: Status, version });
    const [release] = await releasesById(c.get('db'), [releaseId]);
    if (!release) throw notFound(`Release #${releaseId} was not found.`);
    return okVersioned(c, release);
  })
  .openapi(listOrderShipmentsRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const order = await requireOrder(c.get('db'), customerId, c.req.valid('param').id);
    const { limit, cursor } = c.req.valid('query');
    const { rows, nextCursor } = await listOrderShipments(c.get('db'), order.Id, { limit, cursor });
    return page(c, rows, nextCursor);
  })
  .openapi(createShipmentRoute, async (c) => {
    const { customerId, by } = await actingStaffOrBuyer(c);
    requireStaffActor(by, 'record shipments');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return createIdempotently(
      c,
      input,
      async (tx) => {
        const shipmentId = await createShipment(tx, customerId, id, by, input);
        const shipment = await findShipment(tx, id, shipmentId);
        // Read back in the transaction that wrote it: only a broken query could miss it.
        if (!shipment) throw new Error(`Shipment ${shipmentId} vanished after its insert`);
        return created(shipment);
      },
      { customerId },
    );
  });
