/**
 * Webhook endpoints (docs/product/integration.md, decision 040), managed twice over the same
 * service: by administrators on the integrations screen, as endpoints of one integration client
 * (`/api/db/integration-clients/{id}/webhooks…`), and by the plant's system itself through the
 * integration API (`/api/integration/v1/webhooks…`, scope `webhooks:manage`), its own endpoints
 * only. The secret is in the answer that makes (or rotates) it, never again.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bigIdParamSchema, idParamSchema } from '../../shared/schemas/common';
import {
  webhookDeliveryRowSchema,
  webhookEndpointRowSchema,
  webhookEndpointSecretSchema,
  webhookEndpointWriteSchema,
} from '../../shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { integrationClients } from '../db/schema';
import type { EventActor } from '../events';
import { clientActor } from '../events';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import {
  createRouter,
  dataOf,
  errors,
  INTEGRATION_SECURITY,
  json,
  jsonBody,
} from '../http/openapi';
import { perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import { adminOnly, eventActor, requireAdmin, requireScope } from '../identity/auth';
import { sendAgain } from './delivery';
import {
  deliveriesOf,
  deliveryOf,
  endpointOfClient,
  endpointsOfClient,
  toDeliveryRow,
  toEndpointRow,
} from './queries';
import { createEndpoint, retirePreviousSecret, rotateSecret, updateEndpoint } from './service';

const TAGS = ['webhooks'];
/** How many attempts of the delivery log an answer carries, newest first. */
const LOG_LENGTH = 50;

const adminParams = z.object({ id: idParamSchema, webhookId: idParamSchema });
const adminDeliveryParams = adminParams.extend({ deliveryId: bigIdParamSchema });
const clientParams = z.object({ webhookId: idParamSchema });
const clientDeliveryParams = clientParams.extend({ deliveryId: bigIdParamSchema });

const adminRead = { middleware: [adminOnly] };
const adminWrite = { middleware: [adminOnly, perUserLimit(WRITE_LIMITS.change)] };
const clientSide = {
  security: INTEGRATION_SECURITY,
  middleware: [requireScope('webhooks:manage')],
};

const ADMIN = {
  list: createRoute({
    method: 'get',
    operationId: 'listAdminWebhooks',
    path: '/{id}/webhooks',
    summary: "Administrators: the client's webhook endpoints (never their secrets)",
    tags: TAGS,
    ...adminRead,
    request: { params: z.object({ id: idParamSchema }) },
    responses: { 200: json(dataOf(webhookEndpointRowSchema), 'The endpoints'), ...errors(404) },
  }),
  create: createRoute({
    method: 'post',
    operationId: 'createAdminWebhook',
    path: '/{id}/webhooks',
    summary:
      'Administrators: a new webhook endpoint. The answer holds its secret (`Secret`, whsec_…) once',
    tags: TAGS,
    ...adminWrite,
    request: {
      params: z.object({ id: idParamSchema }),
      body: jsonBody(webhookEndpointWriteSchema),
    },
    responses: {
      201: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its secret'),
      ...errors(404, 413, 429),
    },
  }),
  update: createRoute({
    method: 'put',
    operationId: 'updateAdminWebhook',
    path: '/{id}/webhooks/{webhookId}',
    summary:
      "Administrators: change an endpoint's URL or event kinds, pause it (Active false) or resume it",
    tags: TAGS,
    ...adminWrite,
    request: { params: adminParams, body: jsonBody(webhookEndpointWriteSchema) },
    responses: {
      200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
      ...errors(404, 413, 429),
    },
  }),
  rotate: createRoute({
    method: 'post',
    operationId: 'rotateAdminWebhookSecret',
    path: '/{id}/webhooks/{webhookId}/rotate-secret',
    summary:
      'Administrators: make a new secret (in this answer only); both signatures are sent until the previous secret is retired',
    tags: TAGS,
    ...adminWrite,
    request: { params: adminParams },
    responses: {
      200: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its new secret'),
      ...errors(404, 409, 429),
    },
  }),
  retire: createRoute({
    method: 'post',
    operationId: 'retireAdminWebhookSecret',
    path: '/{id}/webhooks/{webhookId}/retire-previous-secret',
    summary: 'Administrators: end a rotation: only the new secret signs from now on',
    tags: TAGS,
    ...adminWrite,
    request: { params: adminParams },
    responses: {
      200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
      ...errors(404, 409, 429),
    },
  }),
  deliveries: createRoute({
    method: 'get',
    operationId: 'listAdminWebhookDeliveries',
    path: '/{id}/webhooks/{webhookId}/deliveries',
    summary: `Administrators: the endpoint's delivery log, newest first (the last ${LOG_LENGTH} attempts)`,
    tags: TAGS,
    ...adminRead,
    request: { params: adminParams },
    responses: { 200: json(dataOf(webhookDeliveryRowSchema), 'The attempts'), ...errors(404) },
  }),
  sendAgain: createRoute({
    method: 'post',
    operationId: 'sendAdminWebhookAgain',
    path: '/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/send-again',
    summary:
      "Administrators: send one delivery's event again now, with its same webhook-id; answers the new attempt",
    tags: TAGS,
    ...adminWrite,
    request: { params: adminDeliveryParams },
    responses: {
      200: json(dataOf(webhookDeliveryRowSchema), 'The new attempt'),
      ...errors(404, 409, 429),
    },
  }),
};

const CLIENT = {
  list: createRoute({
    method: 'get',
    operationId: 'listWebhooks',
    path: '/webhooks',
    summary: "Scope webhooks:manage: the client's webhook endpoints (never their secrets)",
    tags: TAGS,
    ...clientSide,

    responses: { 200: json(dataOf(webhookEndpointRowSchema), 'The endpoints'), ...errors(404) },
  }),
  create: createRoute({
    method: 'post',
    operationId: 'createWebhook',
    path: '/webhooks',
    summary:
      'Scope webhooks:manage: a new webhook endpoint. The answer holds its secret (`Secret`, whsec_…) once',
    tags: TAGS,
    ...clientSide,
    request: { body: jsonBody(webhookEndpointWriteSchema) },
    responses: {
      201: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its secret'),
      ...errors(404, 413, 429),
    },
  }),
  update: createRoute({
    method: 'put',
    operationId: 'updateWebhook',
    path: '/webhooks/{webhookId}',
    summary:
      "Scope webhooks:manage: change an endpoint's URL or event kinds, pause it (Active false) or resume it",
    tags: TAGS,
    ...clientSide,
    request: { params: clientParams, body: jsonBody(webhookEndpointWriteSchema) },
    responses: {
      200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
      ...errors(404, 413, 429),
    },
  }),
  rotate: createRoute({
    method: 'post',
    operationId: 'rotateWebhookSecret',
    path: '/webhooks/{webhookId}/rotate-secret',
    summary:
      'Scope webhooks:manage: make a new secret (in this answer only); both signatures are sent until the previous secret is retired',
    tags: TAGS,
    ...clientSide,
    request: { params: clientParams },
    responses: {
      200: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its new secret'),
      ...errors(404, 409, 429),
    },
  }),
  retire: createRoute({
    method: 'post',
    operationId: 'retireWebhookSecret',
    path: '/webhooks/{webhookId}/retire-previous-secret',
    summary: 'Scope webhooks:manage: end a rotation: only the new secret signs from now on',
    tags: TAGS,
    ...clientSide,
    request: { params: clientParams },
    responses: {
      200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
      ...errors(404, 409, 429),
    },
  }),
  deliveries: createRoute({
    method: 'get',
    operationId: 'listWebhookDeliveries',
    path: '/webhooks/{webhookId}/deliveries',
    summary: `Scope webhooks:manage: the endpoint's delivery log, newest first (the last ${LOG_LENGTH} attempts)`,
    tags: TAGS,
    ...clientSide,
    request: { params: clientParams },
    responses: { 200: json(dataOf(webhookDeliveryRowSchema), 'The attempts'), ...errors(404) },
  }),
  sendAgain: createRoute({
    method: 'post',
    operationId: 'sendWebhookAgain',
    path: '/webhooks/{webhookId}/deliveries/{deliveryId}/send-again',
    summary:
      "Scope webhooks:manage: send one delivery's event again now, with its same webhook-id; answers the new attempt",
    tags: TAGS,
    ...clientSide,
    request: { params: clientDeliveryParams },
    responses: {
      200: json(dataOf(webhookDeliveryRowSchema), 'The new attempt'),
      ...errors(404, 409, 429),
    },
  }),
};

type Kind = 'admin' | 'client';

/** Who acts and for which client: the administrator for the client in the path, or the client. */
function actingFor(c: Context<AppEnv>, kind: Kind, clientIdParam?: number) {
  if (kind === 'admin') {
    const admin = requireAdmin(c);
    return { clientId: clientIdParam!, by: eventActor(admin) as EventActor };
  }
  const clientId = c.get('client').clientId;
  return { clientId, by: clientActor(clientId) };
}

async function requireEndpoint(c: Context<AppEnv>, clientId: number, webhookId: number) {
  const endpoint = await endpointOfClient(c.get('db'), clientId, webhookId);
  if (!endpoint) throw notFound(`There is no webhook ${webhookId}.`);
  return endpoint;
}

const runtime = (c: Context<AppEnv>) => ({
  db: c.get('db'),
  policy: c.get('webhooks').policy,
  timeoutMs: c.get('webhooks').timeoutMs,
  clock: () => c.get('now'),
});

async function clientExists(db: Db, clientId: number): Promise<boolean> {
  const [found] = await db
    .select({ Id: integrationClients.Id })
    .from(integrationClients)
    .where(eq(integrationClients.Id, clientId));
  return found !== undefined;
}

const adminRouter = createRouter();

/**
 * Mounted inside the integration clients' router (`/api/db/integration-clients`), behind its
 * `authenticate`; every route is `adminOnly`.
 */
export const webhookAdminRoutes = adminRouter
  .openapi(ADMIN.list, async (c) => {
    const { id } = c.req.valid('param');
    const { clientId } = actingFor(c, 'admin', id);
    if (!(await clientExists(c.get('db'), clientId))) {
      throw notFound(`Integration client ${clientId} does not exist.`);
    }
    return c.json(
      { data: (await endpointsOfClient(c.get('db'), clientId)).map(toEndpointRow) },
      200,
    );
  })
  .openapi(ADMIN.create, async (c) => {
    const { id } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'admin', id);
    const row = await createEndpoint(
      c.get('db'),
      clientId,
      c.req.valid('json'),
      by,
      c.get('webhooks').policy,
    );
    return c.json({ data: [row] }, 201);
  })
  .openapi(ADMIN.update, async (c) => {
    const { id, webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'admin', id);
    const row = await updateEndpoint(
      c.get('db'),
      clientId,
      webhookId,
      c.req.valid('json'),
      by,
      c.get('webhooks').policy,
    );
    return c.json({ data: [row] }, 200);
  })
  .openapi(ADMIN.rotate, async (c) => {
    const { id, webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'admin', id);
    return c.json({ data: [await rotateSecret(c.get('db'), clientId, webhookId, by)] }, 200);
  })
  .openapi(ADMIN.retire, async (c) => {
    const { id, webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'admin', id);
    return c.json(
      { data: [await retirePreviousSecret(c.get('db'), clientId, webhookId, by)] },
      200,
    );
  })
  .openapi(ADMIN.deliveries, async (c) => {
    const { id, webhookId } = c.req.valid('param');
    const { clientId } = actingFor(c, 'admin', id);
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const rows = await deliveriesOf(c.get('db'), endpoint.Id, LOG_LENGTH);
    return c.json({ data: rows.map(toDeliveryRow) }, 200);
  })
  .openapi(ADMIN.sendAgain, async (c) => {
    const { id, webhookId, deliveryId } = c.req.valid('param');
    const { clientId } = actingFor(c, 'admin', id);
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const delivery = await deliveryOf(c.get('db'), endpoint.Id, deliveryId);
    if (!delivery) throw notFound(`Webhook ${webhookId} has no delivery ${deliveryId}.`);
    const again = await sendAgain(runtime(c), endpoint, delivery);
    return c.json({ data: [toDeliveryRow(again)] }, 200);
  });

const clientRouter = createRouter();

/**
 * Mounted inside the integration API's router (`/api/integration/v1`), behind its key check and
 * per-key limit; outside the PWA's AppType.
 */
export const webhookClientRoutes: OpenAPIHono<AppEnv> = clientRouter
  .openapi(CLIENT.list, async (c) => {
    const { clientId } = actingFor(c, 'client');
    return c.json(
      { data: (await endpointsOfClient(c.get('db'), clientId)).map(toEndpointRow) },
      200,
    );
  })
  .openapi(CLIENT.create, async (c) => {
    const { clientId, by } = actingFor(c, 'client');
    const row = await createEndpoint(
      c.get('db'),
      clientId,
      c.req.valid('json'),
      by,
      c.get('webhooks').policy,
    );
    return c.json({ data: [row] }, 201);
  })
  .openapi(CLIENT.update, async (c) => {
    const { webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'client');
    const row = await updateEndpoint(
      c.get('db'),
      clientId,
      webhookId,
      c.req.valid('json'),
      by,
      c.get('webhooks').policy,
    );
    return c.json({ data: [row] }, 200);
  })
  .openapi(CLIENT.rotate, async (c) => {
    const { webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'client');
    return c.json({ data: [await rotateSecret(c.get('db'), clientId, webhookId, by)] }, 200);
  })
  .openapi(CLIENT.retire, async (c) => {
    const { webhookId } = c.req.valid('param');
    const { clientId, by } = actingFor(c, 'client');
    return c.json(
      { data: [await retirePreviousSecret(c.get('db'), clientId, webhookId, by)] },
      200,
    );
  })
  .openapi(CLIENT.deliveries, async (c) => {
    const { webhookId } = c.req.valid('param');
    const { clientId } = actingFor(c, 'client');
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const rows = await deliveriesOf(c.get('db'), endpoint.Id, LOG_LENGTH);
    return c.json({ data: rows.map(toDeliveryRow) }, 200);
  })
  .openapi(CLIENT.sendAgain, async (c) => {
    const { webhookId, deliveryId } = c.req.valid('param');
    const { clientId } = actingFor(c, 'client');
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const delivery = await deliveryOf(c.get('db'), endpoint.Id, deliveryId);
    if (!delivery) throw notFound(`Webhook ${webhookId} has no delivery ${deliveryId}.`);
    const again = await sendAgain(runtime(c), endpoint, delivery);
    return c.json({ data: [toDeliveryRow(again)] }, 200);
  });
