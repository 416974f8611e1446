/**
 * Orders and what hangs off them: status changes, production, releases, shipments (DESIGN §6, §7).
 * Every handler resolves the customer in effect first and passes it into the query, so another
 * customer's order is a 404 from the database, never a 403 that confirms it exists.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Actor } from '../../shared/order-status';
import { idSchema } from '../../shared/schemas/common';
import {
  orderCreateSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderRowSchema,
  orderStatusChangeSchema,
  pageQuerySchema,
  productionSchema,
  releaseCreateSchema,
  releaseRowSchema,
  releaseStatusChangeSchema,
  shipmentCreateSchema,
  shipmentRowSchema,
  ORDER_SORTS,
} from '../../shared/schemas/order';
import { authenticate, isStaff, requireUser, resolveCustomerScope } from '../auth';
import { etagOf, requireIfMatch } from '../concurrency';
import type { AppEnv } from '../context';
import {
  changeOrderStatus,
  createOrder,
  listOrders,
  recordProduction,
  requireOrder,
  requireOrderDetail,
  type ActingPerson,
} from '../db/orders';
import {
  changeReleaseStatus,
  createReleases,
  createShipment,
  findShipment,
  listOrderReleases,
  listOrderShipments,
  releasesById,
} from '../db/releases';
import { forbidden, notFound } from '../errors';
import { createIdempotently } from '../idempotency';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

const orderParam = z.object({ id: idSchema });
const lineParam = z.object({ id: idSchema, lineId: idSchema });
const releaseParam = z.object({ id: idSchema, releaseId: idSchema });

/** The caller as the order machines see them, with the customer whose data they touch. */
async function acting(c: Context<AppEnv>): Promise<{ customerId: number; by: ActingPerson }> {
  const { customerId } = await resolveCustomerScope(c);
  const user = requireUser(c);
  const actor: Actor = isStaff(user) ? 'staff' : 'buyer';
  return { customerId, by: { uid: user.Uid, actor } };
}

function requireStaffActor(by: ActingPerson, what: string): void {
  if (by.actor !== 'staff') throw forbidden(`Only staff ${what}.`);
}

const TAG = 'orders';
describeEndpoint({
  method: 'get',
  path: '/api/db/orders',
  summary: `Orders of the customer in effect: search (order, PO or item number), status and date filters, sort (${ORDER_SORTS.join(', ')})`,
  tag: TAG,
  query: orderListQuerySchema,
  row: orderRowSchema,
  list: true,
  customerScoped: true,
});
describeEndpoint({
  method: 'post',
  path: '/api/db/orders',
  summary: 'Place an order (buyers, or staff on behalf of the customer) from items offered to it',
  tag: TAG,
  body: orderCreateSchema,
  row: orderDetailSchema,
  idempotent: true,
  customerScoped: true,
  errors: [409],
});
describeEndpoint({
  method: 'get',
  path: '/api/db/orders/:id',
  summary:
    'One order with its lines (ordered, produced, released, shipped, pending, on hand) and status history',
  tag: TAG,
  params: orderParam,
  row: orderDetailSchema,
  customerScoped: true,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/orders/:id/status',
  summary: 'Move an order along the status machine (confirm, start production, cancel, close)',
  tag: TAG,
  params: orderParam,
  body: orderStatusChangeSchema,
  row: orderDetailSchema,
  ifMatch: true,
  customerScoped: true,
  errors: [404, 409],
});
describeEndpoint({
  method: 'put',
  path: '/api/db/orders/:id/lines/:lineId/production',
  summary: "Staff: set a line's produced quantity (never above ordered, never below released)",
  tag: TAG,
  params: lineParam,
  body: productionSchema,
  row: orderDetailSchema,
  ifMatch: true,
  customerScoped: true,
  errors: [404, 409],
});
describeEndpoint({
  method: 'get',
  path: '/api/db/orders/:id/releases',
  summary: "An order's releases, oldest first",
  tag: TAG,
  params: orderParam,
  query: pageQuerySchema,
  row: releaseRowSchema,
  list: true,
  customerScoped: true,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/orders/:id/releases',
  summary: 'Release on-hand inventory for shipment, one release per line; never more than on hand',
  tag: TAG,
  params: orderParam,
  body: releaseCreateSchema,
  row: releaseRowSchema,
  idempotent: true,
  customerScoped: true,
  errors: [404, 409],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/orders/:id/releases/:releaseId/status',
  summary: 'Schedule (staff) or cancel a release',
  tag: TAG,
  params: releaseParam,
  body: releaseStatusChangeSchema,
  row: releaseRowSchema,
  ifMatch: true,
  customerScoped: true,
  errors: [404, 409],
});
describeEndpoint({
  method: 'get',
  path: '/api/db/orders/:id/shipments',
  summary: "An order's shipments with their lines and tracking links, newest first",
  tag: TAG,
  params: orderParam,
  query: pageQuerySchema,
  row: shipmentRowSchema,
  list: true,
  customerScoped: true,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/orders/:id/shipments',
  summary: 'Staff: ship scheduled releases (ship date, carrier, tracking and BOL numbers)',
  tag: TAG,
  params: orderParam,
  body: shipmentCreateSchema,
  row: shipmentRowSchema,
  idempotent: true,
  customerScoped: true,
  errors: [404, 409],
});

/** `{ data: [detail] }` with the order's ETag, after a change or for a read. */
async function answerDetail(c: Context<AppEnv>, customerId: number, orderId: number) {
  const detail = await requireOrderDetail(c.var.db, customerId, orderId);
  c.header('ETag', etagOf(detail.Version));
  return c.json({ data: [detail] }, 200);
}

export const ordersRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get('/', validate('query', orderListQuerySchema), async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const query = c.req.valid('query');
    const page = await listOrders(c.var.db, { customerId, ...query });
    return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
  })
  .post('/', validate('json', orderCreateSchema), async (c) => {
    const { customerId, by } = await acting(c);
    const input = c.req.valid('json');
    return createIdempotently(c, input, async (tx) => {
      const orderId = await createOrder(tx, customerId, by, input);
      return { status: 201, body: { data: [await requireOrderDetail(tx, customerId, orderId)] } };
    });
  })
  .get('/:id', validate('param', orderParam), async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    return answerDetail(c, customerId, c.req.valid('param').id);
  })
  .post(
    '/:id/status',
    validate('param', orderParam),
    validate('json', orderStatusChangeSchema),
    async (c) => {
      const { customerId, by } = await acting(c);
      const version = requireIfMatch(c);
      const { id } = c.req.valid('param');
      const { Status, Note } = c.req.valid('json');
      await c.var.db.transaction((tx) =>
        changeOrderStatus(tx, customerId, id, by, { to: Status, note: Note, version }),
      );
      return answerDetail(c, customerId, id);
    },
  )
  .put(
    '/:id/lines/:lineId/production',
    validate('param', lineParam),
    validate('json', productionSchema),
    async (c) => {
      const { customerId, by } = await acting(c);
      requireStaffActor(by, 'record production');
      const version = requireIfMatch(c);
      const { id, lineId } = c.req.valid('param');
      const { QtyProduced } = c.req.valid('json');
      await c.var.db.transaction((tx) =>
        recordProduction(tx, customerId, id, lineId, by, { qtyProduced: QtyProduced, version }),
      );
      return answerDetail(c, customerId, id);
    },
  )
  .get(
    '/:id/releases',
    validate('param', orderParam),
    validate('query', pageQuerySchema),
    async (c) => {
      const { customerId } = await resolveCustomerScope(c);
      const order = await requireOrder(c.var.db, customerId, c.req.valid('param').id);
      const { limit, cursor } = c.req.valid('query');
      const page = await listOrderReleases(c.var.db, order.Id, { limit, cursor });
      return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
    },
  )
  .post(
    '/:id/releases',
    validate('param', orderParam),
    validate('json', releaseCreateSchema),
    async (c) => {
      const { customerId, by } = await acting(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return createIdempotently(c, input, async (tx) => {
        const ids = await createReleases(tx, customerId, id, by, input);
        return { status: 201, body: { data: await releasesById(tx, ids) } };
      });
    },
  )
  .post(
    '/:id/releases/:releaseId/status',
    validate('param', releaseParam),
    validate('json', releaseStatusChangeSchema),
    async (c) => {
      const { customerId, by } = await acting(c);
      const version = requireIfMatch(c);
      const { id, releaseId } = c.req.valid('param');
      const { Status } = c.req.valid('json');
      await c.var.db.transaction((tx) =>
        changeReleaseStatus(tx, customerId, id, releaseId, by, { to: Status, version }),
      );
      const [release] = await releasesById(c.var.db, [releaseId]);
      if (!release) throw notFound(`Release ${releaseId} was not found.`);
      c.header('ETag', etagOf(release.Version));
      return c.json({ data: [release] }, 200);
    },
  )
  .get(
    '/:id/shipments',
    validate('param', orderParam),
    validate('query', pageQuerySchema),
    async (c) => {
      const { customerId } = await resolveCustomerScope(c);
      const order = await requireOrder(c.var.db, customerId, c.req.valid('param').id);
      const { limit, cursor } = c.req.valid('query');
      const page = await listOrderShipments(c.var.db, order.Id, { limit, cursor });
      return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
    },
  )
  .post(
    '/:id/shipments',
    validate('param', orderParam),
    validate('json', shipmentCreateSchema),
    async (c) => {
      const { customerId, by } = await acting(c);
      requireStaffActor(by, 'record shipments');
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      return createIdempotently(c, input, async (tx) => {
        const shipmentId = await createShipment(tx, customerId, id, by, input);
        return { status: 201, body: { data: [await findShipment(tx, id, shipmentId)] } };
      });
    },
  );
