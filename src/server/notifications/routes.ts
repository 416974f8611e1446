/**
 * `/api/db/notifications` (issue 13 point 3): the signed-in person's own in-app notifications.
 * They are the person's, not a customer's: staff see theirs whichever customer they act for, and
 * every query is bound to the caller's user id, so another's notification is a 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/schemas/common';
import {
  notificationListQuerySchema,
  notificationRowSchema,
  readAllSchema,
  unreadCountSchema,
} from '../../shared/schemas/notifications';
import { ok, page } from '../answers';
import { authenticate, requireUser } from '../auth';
import { notFound } from '../errors';
import { createRouter, dataOf, errors, json, jsonBody, pageOf } from '../openapi';
import { perUserLimit, WRITE_LIMITS } from '../rate-limit';
import { listNotifications, markAllRead, markRead, unreadCount } from './queries';

const TAGS = ['notifications'];

const listRoute = createRoute({
  method: 'get',
  operationId: 'listNotifications',
  path: '/',
  summary: "The caller's notifications, newest first",
  tags: TAGS,
  request: { query: notificationListQuerySchema },
  responses: { 200: json(pageOf(notificationRowSchema), 'A page of notifications'), ...errors() },
});

const unreadRoute = createRoute({
  method: 'get',
  operationId: 'countUnreadNotifications',
  path: '/unread-count',
  summary: "How many of the caller's notifications are unread",
  tags: TAGS,
  responses: { 200: json(dataOf(unreadCountSchema), 'The unread count'), ...errors() },
});

const readOneRoute = createRoute({
  method: 'post',
  operationId: 'markNotificationRead',
  path: '/{id}/read',
  summary: 'Mark one of the caller’s notifications read (again is harmless)',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: { params: z.object({ id: idParamSchema }) },
  responses: { 204: { description: 'Read' }, ...errors(404, 429) },
});

const readAllRoute = createRoute({
  method: 'post',
  operationId: 'markAllNotificationsRead',
  path: '/read-all',
  summary: 'Mark read every notification of the caller up to the newest one they saw',
  tags: TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: { body: jsonBody(readAllSchema) },
  responses: { 204: { description: 'Read' }, ...errors(413, 429) },
});

const router = createRouter();
router.use(authenticate);

export const notificationsRoutes = router
  .openapi(listRoute, async (c) => {
    const user = requireUser(c);
    const found = await listNotifications(c.var.db, user.Id, c.req.valid('query'));
    return page(c, found.rows, found.nextCursor);
  })
  .openapi(unreadRoute, async (c) => {
    const user = requireUser(c);
    return ok(c, { Unread: await unreadCount(c.var.db, user.Id) });
  })
  .openapi(readOneRoute, async (c) => {
    const user = requireUser(c);
    if (!(await markRead(c.var.db, user.Id, c.req.valid('param').id))) {
      throw notFound('No such notification.');
    }
    return c.body(null, 204);
  })
  .openapi(readAllRoute, async (c) => {
    const user = requireUser(c);
    await markAllRead(c.var.db, user.Id, c.req.valid('json').UpToId);
    return c.body(null, 204);
  });
