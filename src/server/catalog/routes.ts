/**
 * The catalog (docs/product/entities.md#catalog-item). Reading is scoped to the customer in effect
 * (buyers order from it); administrators also list every customer's items and are the only ones who
 * write.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { isAdminRole } from '../../shared/roles';
import {
  catalogAdminItemRowSchema,
  catalogItemCreateSchema,
  catalogItemUpdateSchema,
  catalogListQuerySchema,
  catalogListRowSchema,
} from '../../shared/schemas/catalog';
import {
  adminOnly,
  authenticate,
  eventActor,
  requireAdmin,
  requireUser,
  resolveCustomerScope,
} from '../identity/auth';
import { created, okVersioned, page } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { findCatalogItem, listCatalogAll, listCatalogOffered, offeredTo } from './queries';
import { createCatalogItem, updateCatalogItem } from './service';
import { notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import {
  createRouter,
  customerHeader,
  dataOf,
  errors,
  idParam,
  json,
  pageOf,
  writeRoutes,
} from '../http/openapi';

const TAGS = ['catalog'];

const listCatalog = createRoute({
  method: 'get',
  operationId: 'listCatalogItems',
  path: '/',
  summary:
    'Catalog items: those offered to the customer in effect (its own and those offered to all); admins may list every item with scope=all (rows then add CustomerCode and CustomerName)',
  tags: TAGS,
  request: { query: catalogListQuerySchema, headers: z.object(customerHeader) },
  responses: {
    200: json(pageOf(catalogListRowSchema), 'A page of catalog items'),
    ...errors(),
  },
});

const getCatalogItem = createRoute({
  method: 'get',
  operationId: 'getCatalogItem',
  path: '/{id}',
  summary: 'One catalog item (admins: any; others: if offered to the customer in effect)',
  tags: TAGS,
  request: { params: idParam, headers: z.object(customerHeader) },
  responses: { 200: json(dataOf(catalogAdminItemRowSchema), 'The item'), ...errors(404) },
});

const { createRoute: createCatalogItemRoute, updateRoute: updateCatalogItemRoute } = writeRoutes({
  tags: TAGS,
  middleware: [adminOnly],
  row: catalogAdminItemRowSchema,
  noun: 'item',
  create: {
    operationId: 'createCatalogItem',
    summary: 'Create a catalog item (admins). Dimensions in sixteenths of an inch',
    body: catalogItemCreateSchema,
  },
  update: {
    operationId: 'updateCatalogItem',
    summary: 'Update a catalog item (admins)',
    body: catalogItemUpdateSchema,
  },
});

const router = createRouter();
router.use(authenticate);

export const catalogRoutes = router
  .openapi(listCatalog, async (c) => {
    const { scope, customerId, ...query } = c.req.valid('query');
    if (scope === 'all') {
      requireAdmin(c);
      const { rows, nextCursor } = await listCatalogAll(c.get('db'), { ...query, customerId });
      return page(c, rows, nextCursor);
    }
    const scoped = await resolveCustomerScope(c);
    const { rows, nextCursor } = await listCatalogOffered(c.get('db'), {
      ...query,
      customerId: scoped.customerId,
    });
    return page(c, rows, nextCursor);
  })
  /** An item not offered to a buyer's customer is a 404 to it, never a 403. */
  .openapi(getCatalogItem, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const visible = isAdminRole(user.RoleName)
      ? undefined
      : offeredTo((await resolveCustomerScope(c)).customerId);
    const row = await findCatalogItem(c.get('db'), id, visible);
    if (!row) throw notFound(`Catalog item ${id} does not exist.`);
    return okVersioned(c, row);
  })
  .openapi(createCatalogItemRoute, async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    return createIdempotently(c, body, async (tx) =>
      created(await createCatalogItem(tx, body, eventActor(admin))),
    );
  })
  .openapi(updateCatalogItemRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const row = await updateCatalogItem(
      c.get('db'),
      id,
      version,
      c.req.valid('json'),
      eventActor(admin),
    );
    return okVersioned(c, row);
  });
