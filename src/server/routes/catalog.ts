/**
 * The catalog (DESIGN §6). Reading is scoped to the customer in effect (buyers order from it);
 * administrators also list every customer's items and are the only ones who write.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/api';
import { isAdminRole } from '../../shared/roles';
import {
  catalogAdminItemRowSchema,
  catalogItemCreateSchema,
  catalogItemRowSchema,
  catalogItemUpdateSchema,
  catalogListQuerySchema,
} from '../../shared/schemas/catalog';
import { idSchema } from '../../shared/schemas/common';
import { adminOnly, authenticate, requireAdmin, requireUser, resolveCustomerScope } from '../auth';
import { etagOf, requireIfMatch } from '../concurrency';
import type { AppEnv } from '../context';
import {
  findCatalogItem,
  insertCatalogItem,
  listCatalogAll,
  listCatalogOffered,
  offeredTo,
  updateCatalogItem,
} from '../db/catalog';
import { ApiException, notFound } from '../errors';
import { createIdempotently } from '../idempotency';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

const idParam = z.object({ id: idSchema });

const limitBody = bodyLimit({
  maxSize: 16 * 1024,
  onError: () => {
    throw new ApiException(413, ERROR_CODES.tooLarge, 'The request is too large.');
  },
});

describeEndpoint({
  method: 'get',
  path: '/api/db/catalog',
  summary:
    'Catalog items: those offered to the customer in effect (its own and those offered to all); admins may list every item with scope=all (rows then add CustomerCode and CustomerName)',
  tag: 'catalog',
  query: catalogListQuerySchema,
  row: catalogItemRowSchema.extend({
    CustomerCode: z.string().nullable().optional(),
    CustomerName: z.string().nullable().optional(),
  }),
  list: true,
  customerScoped: true,
});
describeEndpoint({
  method: 'get',
  path: '/api/db/catalog/:id',
  summary: 'One catalog item (admins: any; others: if offered to the customer in effect)',
  tag: 'catalog',
  params: idParam,
  row: catalogAdminItemRowSchema,
  customerScoped: true,
  errors: [404],
});
describeEndpoint({
  method: 'post',
  path: '/api/db/catalog',
  summary: 'Create a catalog item (admins). Dimensions in sixteenths of an inch',
  tag: 'catalog',
  body: catalogItemCreateSchema,
  row: catalogAdminItemRowSchema,
  idempotent: true,
  errors: [409, 413],
});
describeEndpoint({
  method: 'put',
  path: '/api/db/catalog/:id',
  summary: 'Update a catalog item (admins)',
  tag: 'catalog',
  params: idParam,
  body: catalogItemUpdateSchema,
  row: catalogAdminItemRowSchema,
  ifMatch: true,
  errors: [404, 409, 413],
});

export const catalogRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get('/', validate('query', catalogListQuerySchema), async (c) => {
    const { scope, customerId, ...query } = c.req.valid('query');
    if (scope === 'all') {
      requireAdmin(c);
      return c.json(await pageAnswer(listCatalogAll(c.var.db, { ...query, customerId })), 200);
    }
    const scoped = await resolveCustomerScope(c);
    return c.json(
      await pageAnswer(listCatalogOffered(c.var.db, { ...query, customerId: scoped.customerId })),
      200,
    );
  })
  /** An item not offered to a buyer's customer is a 404 to it, never a 403. */
  .get('/:id', validate('param', idParam), async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    const visible = isAdminRole(user.RoleName)
      ? undefined
      : offeredTo((await resolveCustomerScope(c)).customerId);
    const row = await findCatalogItem(c.var.db, id, visible);
    if (!row) throw notFound(`Catalog item ${id} does not exist.`);
    c.header('ETag', etagOf(row.Version));
    return c.json({ data: [row] }, 200);
  })
  .post('/', adminOnly, limitBody, validate('json', catalogItemCreateSchema), async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    return createIdempotently(c, body, async (tx) => {
      const row = await insertCatalogItem(tx, body, admin.Uid);
      return { status: 201, body: { data: [row] } };
    });
  })
  .put(
    '/:id',
    adminOnly,
    limitBody,
    validate('param', idParam),
    validate('json', catalogItemUpdateSchema),
    async (c) => {
      const admin = requireAdmin(c);
      const version = requireIfMatch(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const row = await c.var.db.transaction((tx) =>
        updateCatalogItem(tx, id, version, body, admin.Uid),
      );
      c.header('ETag', etagOf(row.Version));
      return c.json({ data: [row] }, 200);
    },
  );

async function pageAnswer<T>(page: Promise<{ rows: T[]; nextCursor: string | null }>) {
  const { rows, nextCursor } = await page;
  return { data: rows, nextCursor };
}
