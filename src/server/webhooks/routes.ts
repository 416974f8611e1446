/**
 * Webhook endpoints (docs/product/integration.md, decision 040), managed twice over the same
 * service: by administrators on the integrations screen, as endpoints of one integration client
 * (`/api/db/integration-clients/{id}/webhooks…`), and by the plant's system itself through the
 * integration API (`/api/integration/v1/webhooks…`, scope `webhooks:manage`), its own endpoints
 * only. The secret is in the answer that makes (or rotates) it, never again.
 */
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bigIdParamSchema, idParamSchema } from '../../shared/schemas/common';
import {
  webhookDeliveryRowSchema,
  webhookEndpointRowSchema,
  webhookEndpointSecretSchema,
  webhookEndpointWriteSchema,
  type WebhookEndpointWrite,
} from '../../shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { integrationClients } from '../db/schema';
import { clientActor, type EventActor } from '../events';
import type { AppEnv } from '../http/context';
import { notFound } from '../http/errors';
import {
  createRouter,
  dataOf,
  errors,
  idParam,
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

/** Who may call a side's routes: its middleware, and the security it declares if not a person's. */
interface Access {
  middleware: MiddlewareHandler<AppEnv>[];
  security?: typeof INTEGRATION_SECURITY;
}

/**
 * The contracts of one side's webhook routes. Both sides' are the same but for where they sit,
 * how their operations are named, who may call them (as each summary begins) and the parameters
 * of their paths, so that the two cannot drift apart.
 */
function webhookRoutes<
  Path extends string,
  Root extends { params?: z.ZodObject },
  Item extends z.ZodObject,
  Delivery extends z.ZodObject,
>(side: {
  /** The path of the list, below the router the side is mounted in. */
  path: Path;
  /** What follows the verb in each operationId: `listAdminWebhooks`, `listWebhooks`. */
  operation: 'Admin' | '';
  /** Who may call, as each summary begins. */
  who: string;
  read: Access;
  write: Access;
  /** The request of the list and of a new endpoint: the client's id in the path, or nothing. */
  root: Root;
  /** The path's parameters of one endpoint, and of one delivery of it. */
  item: Item;
  delivery: Delivery;
}) {
  const { path, operation, who, read, write, root, item, delivery } = side;
  return {
    list: createRoute({
      method: 'get',
      operationId: `list${operation}Webhooks`,
      path,
      summary: `${who}: the client's webhook endpoints (never their secrets)`,
      tags: TAGS,
      ...read,
      request: root,
      responses: { 200: json(dataOf(webhookEndpointRowSchema), 'The endpoints'), ...errors(404) },
    }),
    create: createRoute({
      method: 'post',
      operationId: `create${operation}Webhook`,
      path,
      summary: `${who}: a new webhook endpoint. The answer holds its secret (\`Secret\`, whsec_…) once`,
      tags: TAGS,
      ...write,
      request: { ...root, body: jsonBody(webhookEndpointWriteSchema) },
      responses: {
        201: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its secret'),
        ...errors(404, 413, 429),
      },
    }),
    update: createRoute({
      method: 'put',
      operationId: `update${operation}Webhook`,
      path: `${path}/{webhookId}` as const,
      summary: `${who}: change an endpoint's URL or event kinds, pause it (Active false) or resume it`,
      tags: TAGS,
      ...write,
      request: { params: item, body: jsonBody(webhookEndpointWriteSchema) },
      responses: {
        200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
        ...errors(404, 413, 429),
      },
    }),
    rotate: createRoute({
      method: 'post',
      operationId: `rotate${operation}WebhookSecret`,
      path: `${path}/{webhookId}/rotate-secret` as const,
      summary: `${who}: make a new secret (in this answer only); both signatures are sent until the previous secret is retired`,
      tags: TAGS,
      ...write,
      request: { params: item },
      responses: {
        200: json(dataOf(webhookEndpointSecretSchema), 'The endpoint, with its new secret'),
        ...errors(404, 409, 429),
      },
    }),
    retire: createRoute({
      method: 'post',
      operationId: `retire${operation}WebhookSecret`,
      path: `${path}/{webhookId}/retire-previous-secret` as const,
      summary: `${who}: end a rotation: only the new secret signs from now on`,
      tags: TAGS,
      ...write,
      request: { params: item },
      responses: {
        200: json(dataOf(webhookEndpointRowSchema), 'The endpoint'),
        ...errors(404, 409, 429),
      },
    }),
    deliveries: createRoute({
      method: 'get',
      operationId: `list${operation}WebhookDeliveries`,
      path: `${path}/{webhookId}/deliveries` as const,
      summary: `${who}: the endpoint's delivery log, newest first (the last ${LOG_LENGTH} attempts)`,
      tags: TAGS,
      ...read,
      request: { params: item },
      responses: { 200: json(dataOf(webhookDeliveryRowSchema), 'The attempts'), ...errors(404) },
    }),
    sendAgain: createRoute({
      method: 'post',
      operationId: `send${operation}WebhookAgain`,
      path: `${path}/{webhookId}/deliveries/{deliveryId}/send-again` as const,
      summary: `${who}: send one delivery's event again now, with its same webhook-id; answers the new attempt`,
      tags: TAGS,
      ...write,
      request: { params: delivery },
      responses: {
        200: json(dataOf(webhookDeliveryRowSchema), 'The new attempt'),
        ...errors(404, 409, 429),
      },
    }),
  };
}

const adminParams = idParam.extend({ webhookId: idParamSchema });
const clientParams = z.object({ webhookId: idParamSchema });

const ADMIN = webhookRoutes({
  path: '/{id}/webhooks',
  operation: 'Admin',
  who: 'Administrators',
  read: { middleware: [adminOnly] },
  write: { middleware: [adminOnly, perUserLimit(WRITE_LIMITS.change)] },
  root: { params: idParam },
  item: adminParams,
  delivery: adminParams.extend({ deliveryId: bigIdParamSchema }),
});

const clientSide: Access = {
  security: INTEGRATION_SECURITY,
  middleware: [requireScope('webhooks:manage')],
};

const CLIENT = webhookRoutes({
  path: '/webhooks',
  operation: '',
  who: 'Scope webhooks:manage',
  read: clientSide,
  write: clientSide,
  root: {},
  item: clientParams,
  delivery: clientParams.extend({ deliveryId: bigIdParamSchema }),
});

/** Who acts, and for which client: what each side finds its own way before the same work. */
interface Acting {
  clientId: number;
  by: EventActor;
}

/** An administrator, for the client in the path. */
const administrator = (c: Context<AppEnv>, clientId: number): Acting => ({
  clientId,
  by: eventActor(requireAdmin(c)),
});

/** The client calling, for itself. */
function integrationClient(c: Context<AppEnv>): Acting {
  const { clientId } = c.get('client');
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

/** What each route does, the same on both sides once the side has found who acts. */
const handle = {
  list: async (c: Context<AppEnv>, { clientId }: Acting) =>
    c.json({ data: (await endpointsOfClient(c.get('db'), clientId)).map(toEndpointRow) }, 200),
  create: async (c: Context<AppEnv>, { clientId, by }: Acting, input: WebhookEndpointWrite) => {
    const row = await createEndpoint(c.get('db'), clientId, input, by, c.get('webhooks').policy);
    return c.json({ data: [row] }, 201);
  },
  update: async (
    c: Context<AppEnv>,
    { clientId, by }: Acting,
    webhookId: number,
    input: WebhookEndpointWrite,
  ) => {
    const policy = c.get('webhooks').policy;
    const row = await updateEndpoint(c.get('db'), clientId, webhookId, input, by, policy);
    return c.json({ data: [row] }, 200);
  },
  rotate: async (c: Context<AppEnv>, { clientId, by }: Acting, webhookId: number) =>
    c.json({ data: [await rotateSecret(c.get('db'), clientId, webhookId, by)] }, 200),
  retire: async (c: Context<AppEnv>, { clientId, by }: Acting, webhookId: number) =>
    c.json({ data: [await retirePreviousSecret(c.get('db'), clientId, webhookId, by)] }, 200),
  deliveries: async (c: Context<AppEnv>, { clientId }: Acting, webhookId: number) => {
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const rows = await deliveriesOf(c.get('db'), endpoint.Id, LOG_LENGTH);
    return c.json({ data: rows.map(toDeliveryRow) }, 200);
  },
  sendAgain: async (
    c: Context<AppEnv>,
    { clientId }: Acting,
    { webhookId, deliveryId }: { webhookId: number; deliveryId: number },
  ) => {
    const endpoint = await requireEndpoint(c, clientId, webhookId);
    const delivery = await deliveryOf(c.get('db'), endpoint.Id, deliveryId);
    if (!delivery) throw notFound(`Webhook ${webhookId} has no delivery ${deliveryId}.`);
    const again = await sendAgain(runtime(c), endpoint, delivery);
    return c.json({ data: [toDeliveryRow(again)] }, 200);
  },
};

const adminRouter = createRouter();

/**
 * Mounted inside the integration clients' router (`/api/db/integration-clients`), behind its
 * `authenticate`; every route is `adminOnly`. Its chain keeps each route's types for AppType.
 */
export const webhookAdminRoutes = adminRouter
  .openapi(ADMIN.list, async (c) => {
    const acting = administrator(c, c.req.valid('param').id);
    if (!(await clientExists(c.get('db'), acting.clientId))) {
      throw notFound(`Integration client ${acting.clientId} does not exist.`);
    }
    return handle.list(c, acting);
  })
  .openapi(ADMIN.create, (c) =>
    handle.create(c, administrator(c, c.req.valid('param').id), c.req.valid('json')),
  )
  .openapi(ADMIN.update, (c) => {
    const { id, webhookId } = c.req.valid('param');
    return handle.update(c, administrator(c, id), webhookId, c.req.valid('json'));
  })
  .openapi(ADMIN.rotate, (c) => {
    const { id, webhookId } = c.req.valid('param');
    return handle.rotate(c, administrator(c, id), webhookId);
  })
  .openapi(ADMIN.retire, (c) => {
    const { id, webhookId } = c.req.valid('param');
    return handle.retire(c, administrator(c, id), webhookId);
  })
  .openapi(ADMIN.deliveries, (c) => {
    const { id, webhookId } = c.req.valid('param');
    return handle.deliveries(c, administrator(c, id), webhookId);
  })
  .openapi(ADMIN.sendAgain, (c) => {
    const params = c.req.valid('param');
    return handle.sendAgain(c, administrator(c, params.id), params);
  });

const clientRouter = createRouter();

/**
 * Mounted inside the integration API's router (`/api/integration/v1`), behind its key check and
 * per-key limit; outside the PWA's AppType.
 */
export const webhookClientRoutes: OpenAPIHono<AppEnv> = clientRouter
  .openapi(CLIENT.list, (c) => handle.list(c, integrationClient(c)))
  .openapi(CLIENT.create, (c) => handle.create(c, integrationClient(c), c.req.valid('json')))
  .openapi(CLIENT.update, (c) =>
    handle.update(c, integrationClient(c), c.req.valid('param').webhookId, c.req.valid('json')),
  )
  .openapi(CLIENT.rotate, (c) =>
    handle.rotate(c, integrationClient(c), c.req.valid('param').webhookId),
  )
  .openapi(CLIENT.retire, (c) =>
    handle.retire(c, integrationClient(c), c.req.valid('param').webhookId),
  )
  .openapi(CLIENT.deliveries, (c) =>
    handle.deliveries(c, integrationClient(c), c.req.valid('param').webhookId),
  )
  .openapi(CLIENT.sendAgain, (c) =>
    handle.sendAgain(c, integrationClient(c), c.req.valid('param')),
  );
