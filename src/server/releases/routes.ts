/**
 * Releases across orders (`/app/inventory-releases`). Buyers see their own customer's; staff see
 * every customer's, or one's with `customerId`. Unlike the other order endpoints this one does not
 * need X-Customer-Id from staff: it is where they look across customers.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  releaseListQuerySchema,
  releaseRowSchema,
  RELEASE_SORTS,
} from '../../shared/schemas/order';
import { page } from '../http/answers';
import { authenticate, isStaff, requireUser, resolveCustomerScope } from '../identity/auth';
import { listReleases } from './queries';
import { createRouter, errors, json, pageOf } from '../http/openapi';

const listReleasesRoute = createRoute({
  method: 'get',
  operationId: 'listInventoryReleases',
  path: '/',
  summary: `Releases across orders: buyers their own; staff all customers or one (customerId). Sort: ${RELEASE_SORTS.join(', ')}`,
  tags: ['orders'],
  request: { query: releaseListQuerySchema },
  responses: { 200: json(pageOf(releaseRowSchema), 'A page of releases'), ...errors() },
});

const router = createRouter();
router.use(authenticate);

export const inventoryReleasesRoutes = router.openapi(listReleasesRoute, async (c) => {
  const user = requireUser(c);
  const { customerId: chosen, ...query } = c.req.valid('query');
  // A buyer's own customer always wins, whatever it asks for.
  const customerId = isStaff(user) ? (chosen ?? null) : (await resolveCustomerScope(c)).customerId;
  const { rows, nextCursor } = await listReleases(c.get('db'), {
    customerId,
    ...query,
  });
  return page(c, rows, nextCursor);
});
