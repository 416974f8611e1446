/** The catalog (DESIGN §6). Reading is scoped to the customer in effect; writes are admin-only. */
import { Hono } from 'hono';
import { z } from 'zod';
import { catalogItemRowSchema, catalogListQuerySchema } from '../../shared/schemas/catalog';
import { authenticate, resolveCustomerScope } from '../auth';
import type { AppEnv } from '../context';
import { listCatalogOffered, type CatalogKey } from '../db/catalog';
import { describeEndpoint } from '../openapi';
import { decodeCursor, encodeCursor } from '../pagination';
import { validate } from '../validate';
import { idSchema } from '../../shared/schemas/common';

const keySchema: z.ZodType<CatalogKey> = z
  .object({ itemNumber: z.string(), id: idSchema })
  .strict();

describeEndpoint({
  method: 'get',
  path: '/api/db/catalog',
  summary: 'Catalog items offered to the customer in effect (its own and those offered to all)',
  tag: 'catalog',
  query: catalogListQuerySchema,
  row: catalogItemRowSchema,
  list: true,
  customerScoped: true,
});

export const catalogRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get('/', validate('query', catalogListQuerySchema), async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const { search, active, limit, cursor } = c.req.valid('query');
    const page = await listCatalogOffered(c.var.db, {
      customerId,
      search,
      active,
      limit,
      after: cursor === undefined ? undefined : decodeCursor(cursor, keySchema),
    });
    return c.json({ data: page.rows, nextCursor: page.next && encodeCursor(page.next) }, 200);
  });
