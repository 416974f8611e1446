/**
 * Saved order lists (docs/product/ordering-tools.md), the HTTP side: each endpoint's contract, the
 * customer in effect (a buyer's own; staff's through `X-Customer-Id`), and the answer. Lists are
 * shared by every buyer of the customer; another customer's list is a 404, never a 403 that
 * confirms it exists.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  orderListCreateSchema,
  orderListLineSchema,
  orderListRowSchema,
  orderListUpdateSchema,
} from '../../shared/schemas/order-list';
import { created, okList, okVersioned } from '../http/answers';
import {
  authenticate,
  capabilityOnly,
  eventActor,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import { requireIfMatch } from '../http/concurrency';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  deleteRoute,
  errors,
  idParam,
  json,
  writeRoutes,
} from '../http/openapi';
import { linesOfOrder, requireOrder } from '../orders/queries';
import { describeLines, listOrderLists, requireOrderList, toListRows } from './queries';
import { createOrderList, deleteOrderList, updateOrderList } from './service';

const TAGS = ['order-lists'];
const scoped = z.object(customerHeader);

const listRoute = createRoute({
  method: 'get',
  operationId: 'listOrderLists',
  path: '/',
  summary: "The customer's saved order lists, by name, each line saying whether it can be ordered",
  tags: TAGS,
  request: { headers: scoped },
  responses: { 200: json(dataOf(orderListRowSchema), 'The lists'), ...errors() },
});

const getRoute = createRoute({
  method: 'get',
  operationId: 'getOrderList',
  path: '/{id}',
  summary: 'One saved order list',
  tags: TAGS,
  request: { params: idParam, headers: scoped },
  responses: { 200: json(dataOf(orderListRowSchema), 'The list'), ...errors(404) },
});

/** Lists are kept by those who order: a Viewer or an Approver alone reads them only. */
const orderers = capabilityOnly('order:place');

const { createRoute: createListRoute, updateRoute: updateListRoute } = writeRoutes({
  tags: TAGS,
  middleware: [orderers],
  scoped: true,
  row: orderListRowSchema,
  noun: 'list',
  create: {
    operationId: 'createOrderList',
    summary: "Save lines under a name, shared with the customer's other buyers",
    body: orderListCreateSchema,
  },
  update: {
    operationId: 'updateOrderList',
    summary: 'Rename a list, replace its lines, or both',
    body: orderListUpdateSchema,
  },
});

const deleteListRoute = deleteRoute({
  tags: TAGS,
  middleware: [orderers],
  scoped: true,
  operationId: 'deleteOrderList',
  summary: 'Delete a list',
});

const router = createRouter();
router.use(authenticate);

const orderAgainRoute = createRoute({
  method: 'get',
  operationId: 'orderAgainLines',
  path: '/order-again/{id}',
  summary:
    "An order's lines as a new order would take them (any status), each saying whether it can still be ordered and why not",
  tags: TAGS,
  request: { params: idParam, headers: scoped },
  responses: { 200: json(dataOf(orderListLineSchema), "The order's lines"), ...errors(404) },
});

export const orderListsRoutes = router
  .openapi(listRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const lists = await listOrderLists(c.get('db'), customerId);
    return okList(c, await toListRows(c.get('db'), customerId, lists));
  })
  .openapi(orderAgainRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const order = await requireOrder(c.get('db'), customerId, c.req.valid('param').id);
    const lines = (await linesOfOrder(c.get('db'), order.Id)).sort((a, b) => a.Id - b.Id);
    return okList(c, await describeLines(c.get('db'), customerId, lines));
  })
  .openapi(getRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const list = await requireOrderList(c.get('db'), customerId, c.req.valid('param').id);
    const [row] = await toListRows(c.get('db'), customerId, [list]);
    return okVersioned(c, row!);
  })
  .openapi(createListRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const by = eventActor(requireUser(c));
    const input = c.req.valid('json');
    return createIdempotently(
      c,
      input,
      async (tx) => {
        const list = await createOrderList(tx, customerId, by, input);
        const [row] = await toListRows(tx, customerId, [list]);
        return created(row!);
      },
      { customerId },
    );
  })
  .openapi(updateListRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const by = eventActor(requireUser(c));
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const list = await updateOrderList(
      c.get('db'),
      customerId,
      by,
      id,
      version,
      c.req.valid('json'),
    );
    const [row] = await toListRows(c.get('db'), customerId, [list]);
    return okVersioned(c, row!);
  })
  .openapi(deleteListRoute, async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const by = eventActor(requireUser(c));
    const version = requireIfMatch(c);
    await deleteOrderList(c.get('db'), customerId, by, c.req.valid('param').id, version);
    return c.body(null, 204);
  });
