/** `GET /api/db/dashboard`: the figures of `/app` for the customer in effect (DESIGN §9). */
import { Hono } from 'hono';
import { dashboardQuerySchema, dashboardSchema, localToday } from '../../shared/schemas/order';
import { authenticate, resolveCustomerScope } from '../auth';
import type { AppEnv } from '../context';
import { getDashboard } from '../db/dashboard';
import { describeEndpoint } from '../openapi';
import { validate } from '../validate';

describeEndpoint({
  method: 'get',
  path: '/api/db/dashboard',
  summary:
    'Open orders, inventory on hand awaiting release, releases due this week, recent shipments, shipped quantity per week',
  tag: 'orders',
  query: dashboardQuerySchema,
  row: dashboardSchema,
  customerScoped: true,
});

export const dashboardRoutes = new Hono<AppEnv>()
  .use(authenticate)
  .get('/', validate('query', dashboardQuerySchema), async (c) => {
    const { customerId } = await resolveCustomerScope(c);
    const today = c.req.valid('query').today ?? localToday();
    return c.json({ data: [await getDashboard(c.var.db, customerId, today)] }, 200);
  });
