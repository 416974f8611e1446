/**
 * Releases across orders (`/app/inventory-releases`, DESIGN §9). Buyers see their own customer's;
 * staff see every customer's, or one's with `customerId`. Unlike the other order endpoints this
 * one does not need X-Customer-Id from staff: it is where they look across customers.
 */
import { Hono } from 'hono';
import {
  releaseListQuerySchema,
  releaseRowSchema,
  RELEASE_SORTS,
} from '../../shared/schemas/order';
import { authenticate, isStaff, requireUser, resolveCustomerScope } from '../auth';
import type { AppEnv } from '../context';
import { listReleases } from '../db/releases';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

describeEndpoint({
  method: 'get',
  path: '/api/db/inventory-releases',
  summary: `Releases across orders: buyers their own; staff all customers or one (customerId). Sort: ${RELEASE_SORTS.join(', ')}`,
  tag: 'orders',
  query: releaseListQuerySchema,
  row: releaseRowSchema,
  list: true,
});

export const inventoryReleasesRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get('/', validate('query', releaseListQuerySchema), async (c) => {
    const user = requireUser(c);
    const { customerId: chosen, ...query } = c.req.valid('query');
    // A buyer's own customer always wins, whatever it asks for.
    const customerId = isStaff(user)
      ? (chosen ?? null)
      : (await resolveCustomerScope(c)).customerId;
    const page = await listReleases(c.var.db, { customerId, ...query });
    return c.json({ data: page.rows, nextCursor: page.nextCursor }, 200);
  });
