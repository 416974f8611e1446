/** `GET /api/db/dashboard`: the figures of `/app` for the customer in effect. */
import { createRoute, z } from '@hono/zod-openapi';
import { dashboardQuerySchema, dashboardSchema } from '../../shared/schemas/order';
import { ok } from '../http/answers';
import { authenticate, resolveCustomerScope } from '../identity/auth';
import { getDashboard } from './queries';
import { createRouter, customerHeader, dataOf, errors, json } from '../http/openapi';

const getDashboardRoute = createRoute({
  method: 'get',
  operationId: 'getDashboard',
  path: '/',
  summary:
    'Open orders, inventory on hand awaiting release, releases due this week, recent shipments, shipped quantity per week',
  tags: ['orders'],
  request: { query: dashboardQuerySchema, headers: z.object(customerHeader) },
  responses: { 200: json(dataOf(dashboardSchema), 'The figures'), ...errors() },
});

const router = createRouter();
router.use(authenticate);

export const dashboardRoutes = router.openapi(getDashboardRoute, async (c) => {
  const { customerId } = await resolveCustomerScope(c);
  // The caller's week when it names its today; else the server's, from the app's clock.
  const serverToday = c.get('today');
  const today = c.req.valid('query').today ?? serverToday;
  return ok(c, await getDashboard(c.get('db'), customerId, today, serverToday));
});
