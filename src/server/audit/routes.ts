/**
 * `/api/db/events`: the staff's audit screen over the event stream (docs/decisions/021) — every
 * change, by whom, for which customer, with the rows before and after. Administrators only: the
 * rows before and after hold what buyers never see (other customers', staff-only fields). The
 * timelines buyers read are the order's and the request's own endpoints (`/{id}/activity`), which
 * show the phrased event and never the rows. The SQL is in queries.ts; nothing here writes.
 */
import { createRoute } from '@hono/zod-openapi';
import { eventListQuerySchema, eventRowSchema } from '../../shared/schemas/events';
import { page } from '../http/answers';
import { adminOnly, authenticate } from '../identity/auth';
import { createRouter, errors, json, pageOf } from '../http/openapi';
import { listEvents } from './queries';

const listEventsRoute = createRoute({
  method: 'get',
  operationId: 'listEvents',
  path: '/',
  summary:
    'Admins: every event of the stream, newest first, filtered by customer, actor uid, entity, kind and the days they happened',
  tags: ['events'],
  middleware: [adminOnly],
  request: { query: eventListQuerySchema },
  responses: { 200: json(pageOf(eventRowSchema), 'A page of events'), ...errors() },
});

const router = createRouter();
router.use(authenticate);

export const eventsRoutes = router.openapi(listEventsRoute, async (c) => {
  const { rows, nextCursor } = await listEvents(c.get('db'), c.req.valid('query'));
  return page(c, rows, nextCursor);
});
