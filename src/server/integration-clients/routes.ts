/**
 * Integration clients and their API keys, as administrators manage them on `/app/integrations`
 * (docs/product/integration.md). People only: the plant's systems use their keys on the
 * integration API and never manage keys themselves.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { idParamSchema } from '../../shared/schemas/common';
import {
  integrationClientRowSchema,
  integrationClientWriteSchema,
  integrationKeyCreatedSchema,
  integrationKeyCreateSchema,
} from '../../shared/schemas/integration-clients';
import { adminOnly, authenticate, eventActor, requireAdmin } from '../identity/auth';
import { created, okList, okVersioned } from '../http/answers';
import { requireIfMatch } from '../http/concurrency';
import { notFound } from '../http/errors';
import { createIdempotently } from '../http/idempotency';
import { perUserLimit, WRITE_LIMITS } from '../http/rate-limit';
import {
  createRouter,
  dataOf,
  errors,
  idParam,
  json,
  jsonBody,
  writeRoutes,
} from '../http/openapi';
import { webhookAdminRoutes } from '../webhooks/routes';
import { findClientRow, listClients } from './queries';
import { createClient, createKey, revokeKey, updateClient } from './service';

const TAGS = ['integration clients'];
const keyParam = z.object({ id: idParamSchema, keyId: idParamSchema });

const listClientsRoute = createRoute({
  method: 'get',
  operationId: 'listIntegrationClients',
  path: '/',
  summary: 'Administrators: every integration client with its keys (never their secrets)',
  tags: TAGS,
  middleware: [adminOnly],
  responses: { 200: json(dataOf(integrationClientRowSchema), 'The clients'), ...errors() },
});

const getClientRoute = createRoute({
  method: 'get',
  operationId: 'getIntegrationClient',
  path: '/{id}',
  summary: 'Administrators: one integration client with its keys',
  tags: TAGS,
  middleware: [adminOnly],
  request: { params: idParam },
  responses: { 200: json(dataOf(integrationClientRowSchema), 'The client'), ...errors(404) },
});

const { createRoute: createClientRoute, updateRoute: updateClientRoute } = writeRoutes({
  tags: TAGS,
  middleware: [adminOnly],
  row: integrationClientRowSchema,
  noun: 'client',
  create: {
    operationId: 'createIntegrationClient',
    summary: 'Administrators: create an integration client (a name and its scopes; no key yet)',
    body: integrationClientWriteSchema,
  },
  update: {
    operationId: 'updateIntegrationClient',
    summary: 'Administrators: rename a client or change its scopes',
    body: integrationClientWriteSchema,
  },
});

/**
 * Takes no Idempotency-Key on purpose: its answer holds the key's secret, and a replay would need
 * that answer stored, which is exactly what must never be (decision 038). A lost answer costs an
 * unused key, which the administrator revokes.
 */
const createKeyRoute = createRoute({
  method: 'post',
  operationId: 'createIntegrationKey',
  path: '/{id}/keys',
  summary:
    'Administrators: make a new API key for the client. The answer holds the key (`Secret`) once: it is never stored or shown again',
  tags: TAGS,
  middleware: [adminOnly, perUserLimit(WRITE_LIMITS.change)],
  request: { params: idParam, body: jsonBody(integrationKeyCreateSchema) },
  responses: {
    201: json(dataOf(integrationKeyCreatedSchema), 'The new key, with its secret'),
    ...errors(404, 413, 429),
  },
});

const revokeKeyRoute = createRoute({
  method: 'post',
  operationId: 'revokeIntegrationKey',
  path: '/{id}/keys/{keyId}/revoke',
  summary: 'Administrators: revoke a key; it is refused from its next request on',
  tags: TAGS,
  middleware: [adminOnly, perUserLimit(WRITE_LIMITS.change)],
  request: { params: keyParam },
  responses: {
    200: json(dataOf(integrationClientRowSchema), 'The client, its key revoked'),
    ...errors(404, 409, 429),
  },
});

const router = createRouter();
router.use(authenticate);

export const integrationClientsRoutes = router
  .openapi(listClientsRoute, async (c) => okList(c, await listClients(c.get('db'), c.get('now'))))
  .openapi(getClientRoute, async (c) => {
    const { id } = c.req.valid('param');
    const row = await findClientRow(c.get('db'), id, c.get('now'));
    if (!row) throw notFound(`Integration client ${id} does not exist.`);
    return okVersioned(c, row);
  })
  .openapi(createClientRoute, async (c) => {
    const admin = requireAdmin(c);
    const body = c.req.valid('json');
    return createIdempotently(c, body, async (tx) =>
      created(await createClient(tx, body, eventActor(admin), c.get('now'))),
    );
  })
  .openapi(updateClientRoute, async (c) => {
    const admin = requireAdmin(c);
    const version = requireIfMatch(c);
    const { id } = c.req.valid('param');
    const row = await updateClient(
      c.get('db'),
      id,
      version,
      c.req.valid('json'),
      eventActor(admin),
      c.get('now'),
    );
    return okVersioned(c, row);
  })
  .openapi(createKeyRoute, async (c) => {
    const admin = requireAdmin(c);
    const { id } = c.req.valid('param');
    const key = await createKey(
      c.get('db'),
      id,
      c.req.valid('json'),
      eventActor(admin),
      c.get('now'),
    );
    return c.json({ data: [key] }, 201);
  })
  .openapi(revokeKeyRoute, async (c) => {
    const admin = requireAdmin(c);
    const { id, keyId } = c.req.valid('param');
    const row = await revokeKey(c.get('db'), id, keyId, eventActor(admin), c.get('now'));
    return okVersioned(c, row);
  })
  // A client's webhook endpoints (decision 040), behind this router's authentication.
  .route('/', webhookAdminRoutes);
