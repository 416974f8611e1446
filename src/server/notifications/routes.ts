/**
 * `/api/db/notifications`: the signed-in person's own in-app notifications. They are the person's,
 * not a customer's: staff see theirs whichever customer they act for, and every query is bound to
 * the caller's user id, so another's notification is a 404.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bigIdParamSchema, idParamSchema } from '../../shared/schemas/common';
import {
  notificationListQuerySchema,
  notificationRowSchema,
  notificationSettingsInputSchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRowSchema,
  readAllSchema,
  unreadCountSchema,
} from '../../shared/schemas/notifications';
import { ok, okList, page } from '../http/answers';
import { authenticate, requireUser } from '../identity/auth';
import { etagOf, requireIfMatch } from '../http/concurrency';
import type { AppEnv } from '../http/context';
import { conflict, invalidInput, notFound, staleVersion } from '../http/errors';
import {
  createRouter,
  dataOf,
  errors,
  ifMatchHeader,
  json,
  jsonBody,
  pageOf,
  PUBLIC,
  publicErrors,
} from '../http/openapi';
import { clientAddress, hitRateLimit, perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import { audienceOf, NOTIFICATION_TOPICS, topicsFor } from '../../shared/notifications';
import { deviceLabel, pushEndpointProblem } from './push';
import {
  applyUnsubscribe,
  undoUnsubscribe,
  unsubscribeSecret,
  verifyUnsubscribe,
} from './unsubscribe';
import { settingsPathFor, unsubscribePageHtml } from './unsubscribe-page';
import { listNotifications, markAllRead, markRead, unreadCount } from './queries';
import {
  listDevices,
  MAX_DEVICES,
  readSettings,
  removeDevice,
  saveDevice,
  writeSettings,
} from './settings-queries';

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
  // Notifications are counted in bigserial, like the event stream they come from.
  request: { params: z.object({ id: bigIdParamSchema }) },
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
    const found = await listNotifications(c.get('db'), user.Id, c.req.valid('query'));
    return page(c, found.rows, found.nextCursor);
  })
  .openapi(unreadRoute, async (c) => {
    const user = requireUser(c);
    return ok(c, { Unread: await unreadCount(c.get('db'), user.Id) });
  })
  .openapi(readOneRoute, async (c) => {
    const user = requireUser(c);
    if (!(await markRead(c.get('db'), user.Id, c.req.valid('param').id))) {
      throw notFound('No such notification.');
    }
    return c.body(null, 204);
  })
  .openapi(readAllRoute, async (c) => {
    const user = requireUser(c);
    await markAllRead(c.get('db'), user.Id, c.req.valid('json').UpToId);
    return c.body(null, 204);
  });

// ── /api/db/notification-settings: the caller's choices of email and push per topic ─────────

const SETTINGS_TAGS = ['notification settings'];

const readSettingsRoute = createRoute({
  method: 'get',
  operationId: 'getNotificationSettings',
  path: '/',
  summary: "The caller's choices of email and push per topic (Version 0: the defaults)",
  tags: SETTINGS_TAGS,
  responses: {
    200: json(dataOf(notificationSettingsSchema), 'The choices in force'),
    ...errors(),
  },
});

const writeSettingsRoute = createRoute({
  method: 'put',
  operationId: 'updateNotificationSettings',
  path: '/',
  summary: "Save the caller's choices (If-Match: the Version loaded, 0 when never saved)",
  tags: SETTINGS_TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: {
    headers: z.object({ ...ifMatchHeader }),
    body: jsonBody(notificationSettingsInputSchema),
  },
  responses: {
    200: json(dataOf(notificationSettingsSchema), 'The choices as saved'),
    ...errors(412, 413, 428, 429),
  },
});

const settingsRouter = createRouter();
settingsRouter.use(authenticate);

export const notificationSettingsRoutes = settingsRouter
  .openapi(readSettingsRoute, async (c) => {
    const user = requireUser(c);
    const settings = await readSettings(c.get('db'), user.Id);
    c.header('ETag', etagOf(settings.Version));
    return ok(c, settings);
  })
  .openapi(writeSettingsRoute, async (c) => {
    const user = requireUser(c);
    const version = requireIfMatch(c);
    const { Choices } = c.req.valid('json');
    // Only the topics the person hears of are theirs to choose (the page lists no others).
    const audience = audienceOf(user.RoleName);
    const theirs = new Set<string>(topicsFor(user.RoleName, user.RoleIds));
    const foreign = Object.keys(Choices).filter((topic) => !theirs.has(topic));
    if (foreign.length > 0) {
      throw invalidInput(
        `Only the notices of ${audience === 'buyer' ? 'a buyer' : 'plant staff'} can be chosen here.`,
        Object.fromEntries(foreign.map((t) => [`Choices.${t}`, 'Not a notice you receive.'])),
      );
    }
    const saved = await writeSettings(c.get('db'), user.Id, version, Choices);
    if (saved === null) throw staleVersion();
    c.header('ETag', etagOf(saved.Version));
    return ok(c, saved);
  });

// ── /api/db/push-subscriptions: the devices the caller turned push on for ───────────────────

const PUSH_TAGS = ['push subscriptions'];

const pushKeyRoute = createRoute({
  method: 'get',
  operationId: 'getPushKey',
  path: '/key',
  summary: 'The VAPID public key to subscribe with (applicationServerKey)',
  tags: PUSH_TAGS,
  responses: { 200: json(dataOf(pushKeySchema), 'The key'), ...errors(404) },
});

const listDevicesRoute = createRoute({
  method: 'get',
  operationId: 'listPushSubscriptions',
  path: '/',
  summary: "The caller's devices with push on",
  tags: PUSH_TAGS,
  responses: { 200: json(dataOf(pushSubscriptionRowSchema), 'The devices'), ...errors() },
});

const saveDeviceRoute = createRoute({
  method: 'post',
  operationId: 'createPushSubscription',
  path: '/',
  summary: "Turn push on for this device (the browser's PushSubscription as JSON)",
  description:
    'Registering the same subscription again refreshes its keys (200). An endpoint that is not a ' +
    'browser push service, or not written as the browser writes it, is refused (400); one ' +
    'registered to another person is refused (409): the browser should unsubscribe and subscribe ' +
    `again for a fresh endpoint. A person keeps at most ${MAX_DEVICES} devices: a new one ` +
    'replaces the oldest.',
  tags: PUSH_TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: { body: jsonBody(pushSubscriptionInputSchema) },
  responses: {
    200: json(dataOf(pushSubscriptionRowSchema), 'Already registered; keys refreshed'),
    201: json(dataOf(pushSubscriptionRowSchema), 'Registered'),
    ...errors(404, 409, 413, 429),
  },
});

const removeDeviceRoute = createRoute({
  method: 'delete',
  operationId: 'deletePushSubscription',
  path: '/{id}',
  summary: 'Turn push off for one of the caller’s devices',
  tags: PUSH_TAGS,
  middleware: [perUserLimit(WRITE_LIMITS.change)],
  request: { params: z.object({ id: idParamSchema }) },
  responses: { 204: { description: 'Removed' }, ...errors(404, 429) },
});

const pushRouter = createRouter();
pushRouter.use(authenticate);

/** Push is off on a server without VAPID keys (a 404 that the settings page explains). */
function requirePush(c: Context<AppEnv>) {
  const push = c.get('push');
  if (!push) throw notFound('Push notifications are not set up on this server.');
  return push;
}

export const pushSubscriptionRoutes = pushRouter
  .openapi(pushKeyRoute, (c) => {
    requireUser(c);
    return ok(c, { PublicKey: requirePush(c).publicKey });
  })
  .openapi(listDevicesRoute, async (c) => {
    const user = requireUser(c);
    return okList(c, await listDevices(c.get('db'), user.Id));
  })
  .openapi(saveDeviceRoute, async (c) => {
    const user = requireUser(c);
    const push = requirePush(c);
    const input = c.req.valid('json');
    const problem = pushEndpointProblem(input.endpoint, push.allowedOrigins);
    if (problem) {
      throw invalidInput('This is not a browser push service the portal sends to.', {
        endpoint: problem,
      });
    }
    const saved = await saveDevice(
      c.get('db'),
      user.Id,
      // Only the normalised form is kept (it equals the input, or the input was refused).
      { ...input, endpoint: new URL(input.endpoint).href },
      deviceLabel(c.req.header('User-Agent')),
    );
    if ('foreign' in saved) {
      throw conflict(
        'This push subscription belongs to another person. Turn push off and on again on this device.',
      );
    }
    return c.json({ data: [saved.row] }, saved.created ? 201 : 200);
  })
  .openapi(removeDeviceRoute, async (c) => {
    const user = requireUser(c);
    if (!(await removeDevice(c.get('db'), user.Id, c.req.valid('param').id))) {
      throw notFound('No such device.');
    }
    return c.body(null, 204);
  });

// ── /api/unsubscribe: the one-click link of every notification email (RFC 8058) ─────────────

const UNSUBSCRIBE_TAGS = ['notification settings'];
const tokenQuery = z.object({ token: z.string().max(2000) });
/**
 * Links that fail verification, per network address: 30 in ten minutes. Only failures count: a
 * mail provider posts its users' one-click unsubscribes from a few shared servers, so a busy
 * address is no sign of abuse, and a genuine link cannot be forged; a script guessing tokens
 * fails every time.
 */
const UNSUBSCRIBE_FAILURE_LIMIT = { limit: 30, windowSeconds: 600 };
const html = (description: string) => ({
  content: { 'text/html': { schema: z.string() } },
  description,
});

const unsubscribeFormRoute = createRoute({
  method: 'get',
  operationId: 'showUnsubscribe',
  path: '/',
  summary:
    'The page of an email’s unsubscribe link: a button that confirms (a GET changes nothing)',
  tags: UNSUBSCRIBE_TAGS,
  security: PUBLIC,
  request: { query: tokenQuery },
  responses: {
    ...publicErrors(),
    200: html('The confirmation page'),
    400: html('Not a valid link'),
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  operationId: 'unsubscribe',
  path: '/',
  summary: 'Stop the emails the link names (one-click: mail programs post here for the person)',
  tags: UNSUBSCRIBE_TAGS,
  security: PUBLIC,
  request: { query: tokenQuery },
  responses: {
    ...publicErrors(429),
    200: html('Unsubscribed'),
    400: html('Not a valid link'),
  },
});

const resubscribeRoute = createRoute({
  method: 'post',
  operationId: 'resubscribe',
  path: '/undo',
  summary: 'Undo an unsubscribe: the emails the link names are sent again',
  tags: UNSUBSCRIBE_TAGS,
  security: PUBLIC,
  request: { query: tokenQuery },
  responses: {
    ...publicErrors(429),
    200: html('Subscribed again'),
    400: html('Not a valid link'),
  },
});

const notValid = () =>
  unsubscribePageHtml({
    title: 'Link not valid',
    lines: [
      'This unsubscribe link is not valid. Use the link of a recent email, or sign in to the portal to choose your emails.',
    ],
  });

/** Public: a script guessing tokens is slowed per address, counting its failures only. */
async function refuseGuess(c: Context<AppEnv>): Promise<void> {
  await hitRateLimit(
    c,
    c.get('db'),
    `unsubscribe-failed:addr:${clientAddress(c)}`,
    UNSUBSCRIBE_FAILURE_LIMIT,
    'Too many unsubscribe links that are not valid. Please wait a few minutes and try again.',
  );
}

const linkOf = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

const unsubscribeRouter = createRouter();

export const unsubscribeRoutes = unsubscribeRouter
  .openapi(unsubscribeFormRoute, async (c) => {
    const token = c.req.valid('query').token;
    const claim = verifyUnsubscribe(await unsubscribeSecret(c.get('db')), token);
    if (!claim) return c.html(notValid(), 400);
    const what = NOTIFICATION_TOPICS[claim.topic].label;
    return c.html(
      unsubscribePageHtml({
        title: 'Unsubscribe?',
        lines: [`Stop emails of “${what}” to ${claim.email}?`],
        form: { action: linkOf('/api/unsubscribe', token), label: 'Unsubscribe' },
        settingsUrl: settingsPathFor(claim.userId),
      }),
      200,
    );
  })
  .openapi(unsubscribeRoute, async (c) => {
    const token = c.req.valid('query').token;
    const claim = verifyUnsubscribe(await unsubscribeSecret(c.get('db')), token);
    if (!claim) {
      // A forged token is refused anyway; past the limit, with a 429 and Retry-After.
      await refuseGuess(c);
      return c.html(notValid(), 400);
    }
    await applyUnsubscribe(c.get('db'), claim);
    const what = NOTIFICATION_TOPICS[claim.topic].label;
    return c.html(
      unsubscribePageHtml({
        title: 'Unsubscribed',
        lines: [`No more emails of “${what}” go to ${claim.email}.`, 'Changed your mind?'],
        form: {
          action: linkOf('/api/unsubscribe/undo', token),
          label: 'Undo: send them again',
          secondary: true,
        },
        settingsUrl: settingsPathFor(claim.userId),
      }),
      200,
    );
  })
  .openapi(resubscribeRoute, async (c) => {
    const token = c.req.valid('query').token;
    const claim = verifyUnsubscribe(await unsubscribeSecret(c.get('db')), token);
    if (!claim) {
      await refuseGuess(c);
      return c.html(notValid(), 400);
    }
    await undoUnsubscribe(c.get('db'), claim);
    const what = NOTIFICATION_TOPICS[claim.topic].label;
    return c.html(
      unsubscribePageHtml({
        title: 'Subscribed again',
        lines: [`Emails of “${what}” go to ${claim.email} again.`],
        form: { action: linkOf('/api/unsubscribe', token), label: 'Unsubscribe', secondary: true },
        settingsUrl: settingsPathFor(claim.userId),
      }),
      200,
    );
  });
