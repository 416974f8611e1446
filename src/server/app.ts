/**
 * The HTTP application: the API under /api, and optionally the Auth emulator proxy and the
 * built PWA. Built from its dependencies only (no globals), so tests make as many as they like.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { API_REFERENCE_PATH } from '../shared/api';
import type { PushSettings, VerifyIdToken } from './http/context';
import type { Db } from './db/database';
import { proxyAuthEmulator } from './http/emulator-proxy';
import { inlineScriptHashes, securityHeaders } from './http/security-headers';
import { handleError, notFound } from './http/errors';
import type { IdentityAdmin } from './identity/identity-admin';
import { catalogRoutes } from './catalog/routes';
import { addressesRoutes } from './addresses/routes';
import { customersRoutes } from './customers/routes';
import { companyPeopleRoutes, companyRoutes } from './company/routes';
import { healthRoutes, readyRoutes } from './health/routes';
import { dashboardRoutes } from './dashboard/routes';
import { shipmentsRoutes } from './shipments/routes';
import { eventsRoutes } from './audit/routes';
import { ordersRoutes } from './orders/routes';
import { orderListsRoutes } from './order-lists/routes';
import { inventoryReleasesRoutes } from './releases/routes';
import { usersRoutes } from './users/routes';
import { requestsRoutes } from './requests/routes';
import { integrationClientsRoutes } from './integration-clients/routes';
import { integrationApiRoutes } from './integration-api/routes';
import { invoicesRoutes, statementRoutes } from './invoices/routes';
import { apiDocsRoutes } from './api-docs/routes';
import { defaultAddressPolicy, type WebhookAddressPolicy } from './webhooks/address-policy';
import { WEBHOOK_TIMEOUT_MS } from '../shared/webhooks';
import {
  notificationSettingsRoutes,
  notificationsRoutes,
  pushSubscriptionRoutes,
  unsubscribeRoutes,
} from './notifications/routes';
import {
  asContractError,
  createRootRouter,
  DOCUMENT_CONFIG,
  json,
  PUBLIC,
  publicErrors,
  registerSecurity,
} from './http/openapi';
import { serveBuiltPwa } from './http/static';
import { requestId } from 'hono/request-id';
import {
  createLogger,
  describeError,
  requestLog,
  type Logger,
  type RequestRecord,
} from './ops/logger';
import type { Lifecycle } from './ops/lifecycle';
import { localToday } from '../shared/calendar-date';
import { READ_METHODS } from './identity/auth';
import { PersonLoad } from './http/person-load';
import { KEY_LIMIT } from './http/rate-limit';
import { DEMO_PLANT, plantLines } from './shipments/shipper';

const getOpenApiDocument = createRoute({
  method: 'get',
  operationId: 'getOpenApiDocument',
  path: '/api/openapi.json',
  summary: 'This document',
  tags: ['platform'],
  security: PUBLIC,
  responses: {
    200: json(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 description of the API'),
    ...publicErrors(),
  },
});

export interface AppDeps {
  db: Db;
  verifyIdToken: VerifyIdToken;
  identity: IdentityAdmin;
  /** Folder of the built PWA to serve beside the API. */
  staticDir?: string | undefined;
  /** `host:port` of the Auth emulator to proxy for the browser. */
  emulatorHost?: string | undefined;
  /** Whether the last X-Forwarded-For entry is the client's address (TRUST_PROXY). */
  trustProxy?: boolean;
  /** Calls a minute one integration API key may make (INTEGRATION_KEY_RATE_LIMIT; 600 without). */
  keyRateLimit?: number;
  /** The server's clock; tests fix it so that "late" never depends on the real date. */
  clock?: () => Date;
  /** Where each request's log line goes (none in the API tests, which build many apps). */
  logger?: Logger;
  /** Hears each answered request (the metrics). */
  observeRequest?: (record: RequestRecord) => void;
  /** The shipper on the shipping papers, one line each (PLANT_NAME, PLANT_ADDRESS; the demo plant without). */
  shipper?: readonly string[];
  /** Web Push: the VAPID public key and the endpoints accepted; without it push is off. */
  push?: PushSettings | undefined;
  /** The process's state for `/api/ready`; an app without one is always ready (tests). */
  lifecycle?: Lifecycle;
  /**
   * Heard after each write the API answered with success: it may have recorded events, so the
   * server asks the notification dispatcher for a pass (notifications/service.ts).
   */
  onChange?: () => void;
  /**
   * What each person may take of the process (person-load.ts): the app makes its own with the
   * portal's rules; tests pass one to hold turns or to narrow the budget.
   */
  personLoad?: PersonLoad;
  /**
   * Where webhooks may go (decision 040): production refuses http and every non-public address
   * when a URL is saved and when it is sent. Without it: production when NODE_ENV says so.
   */
  webhookPolicy?: WebhookAddressPolicy;
  /** How long a webhook receiver has to answer ("send again" waits for it). */
  webhookTimeoutMs?: number;
}

let fallback: Logger | undefined;
/** One logger for every app built without one (the API tests build many). */
const fallbackLogger = (): Logger =>
  (fallback ??= createLogger({ format: 'json', level: 'error' }));

export function createApp(deps: AppDeps) {
  const app = createRootRouter();
  registerSecurity(app);
  // Taken from X-Request-Id when the proxy sent a sane one, else generated; echoed in the answer.
  app.use('*', requestId());
  if (deps.logger) app.use('*', requestLog(deps.logger, deps.observeRequest));
  app.use('*', securityHeaders(deps.staticDir ? inlineScriptHashes(deps.staticDir) : []));
  // Errors are logged with the server's error serializer whatever logger was given; an app
  // without one (the API tests) still logs its failures, as JSON lines on stdout.
  const errorLog = (deps.logger ?? fallbackLogger()).child(
    {},
    { serializers: { err: (err: unknown) => describeError(err) } },
  );
  app.onError((err, c) => handleError(asContractError(err), c, errorLog));
  app.notFound((c) => handleError(notFound('Nothing is here.'), c, errorLog));

  // Per app, so per process: the turns and read budget of each person (docs/decisions/037).
  const personLoad = deps.personLoad ?? new PersonLoad();
  const webhooks = {
    policy: deps.webhookPolicy ?? defaultAddressPolicy(process.env.NODE_ENV === 'production'),
    timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
  };

  app.use('/api/*', async (c, next) => {
    c.set('db', deps.db);
    c.set('personLoad', personLoad);
    c.set('logger', errorLog);
    c.set('verifyIdToken', deps.verifyIdToken);
    c.set('identity', deps.identity);
    c.set('trustProxy', deps.trustProxy ?? false);
    c.set('keyRateLimit', deps.keyRateLimit ?? KEY_LIMIT.limit);
    c.set('lifecycle', deps.lifecycle ?? { state: () => 'ready' });
    c.set('push', deps.push ?? null);
    c.set('shipper', deps.shipper ?? plantLines(DEMO_PLANT));
    c.set('webhooks', webhooks);
    const now = deps.clock?.() ?? new Date();
    c.set('now', now);
    c.set('today', localToday(now));
    // API answers are per-user and live: no cache may keep them unless a route says otherwise.
    c.header('Cache-Control', 'no-store');
    await next();
    if (deps.onChange && !READ_METHODS.has(c.req.method) && c.res.status < 400) deps.onChange();
  });

  // Generated once, on first demand: by then every route below is registered.
  let document: Record<string, unknown> | undefined;
  // Chained so that AppType carries every route for a typed client (`hc<AppType>`).
  const api = app
    .openapi(getOpenApiDocument, (c) => {
      document ??= { ...app.getOpenAPI31Document(DOCUMENT_CONFIG) };
      return c.json(document, 200);
    })
    .route('/api/health', healthRoutes)
    .route('/api/ready', readyRoutes)
    .route('/api/db/users', usersRoutes)
    .route('/api/db/customers', customersRoutes)
    .route('/api/db/company', companyRoutes)
    .route('/api/db/company/people', companyPeopleRoutes)
    .route('/api/db/addresses', addressesRoutes)
    .route('/api/db/catalog', catalogRoutes)
    .route('/api/db/requests', requestsRoutes)
    .route('/api/db/orders', ordersRoutes)
    .route('/api/db/order-lists', orderListsRoutes)
    .route('/api/db/inventory-releases', inventoryReleasesRoutes)
    .route('/api/db/dashboard', dashboardRoutes)
    .route('/api/db/shipments', shipmentsRoutes)
    .route('/api/db/notifications', notificationsRoutes)
    .route('/api/db/notification-settings', notificationSettingsRoutes)
    .route('/api/db/push-subscriptions', pushSubscriptionRoutes)
    .route('/api/unsubscribe', unsubscribeRoutes)
    .route('/api/db/events', eventsRoutes)
    .route('/api/db/integration-clients', integrationClientsRoutes)
    .route('/api/db/invoices', invoicesRoutes)
    .route('/api/db/statement', statementRoutes);

  // The plant's systems' API is not the PWA's to call, so it stays out of AppType; it is in the
  // OpenAPI document like every other route.
  app.route('/api/integration/v1', integrationApiRoutes);
  app.route(API_REFERENCE_PATH, apiDocsRoutes);

  // An unknown /api path is a JSON 404, never the PWA's index.html.
  app.all('/api/*', () => {
    throw notFound('No such API endpoint.');
  });

  // Metrics live on their own port (METRICS_PORT); here the path is nothing, not the PWA's shell.
  app.all('/metrics', () => {
    throw notFound('Nothing is here.');
  });

  if (deps.emulatorHost) proxyAuthEmulator(app, deps.emulatorHost);
  if (deps.staticDir) serveBuiltPwa(app, deps.staticDir);
  return api;
}

export type AppType = ReturnType<typeof createApp>;
