/**
 * `GET /api/health` (liveness: the process and its database answer) and `GET /api/ready`
 * (readiness: this replica may be sent requests), for load balancers, orchestrators and the
 * start script; no token needed.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/api';
import { ok } from '../http/answers';
import { appliedMigrationCount, MIGRATION_COUNT } from '../db/database';
import { ApiException } from '../http/errors';
import { createRouter, dataOf, json, PUBLIC, publicErrors } from '../http/openapi';

const getHealth = createRoute({
  method: 'get',
  operationId: 'getHealth',
  path: '/',
  summary: 'Liveness and database reachability',
  tags: ['platform'],
  security: PUBLIC,
  responses: {
    200: json(
      dataOf(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
      'The API and its database answer',
    ),
    ...publicErrors(503),
  },
});

const getReady = createRoute({
  method: 'get',
  operationId: 'getReady',
  path: '/',
  summary: 'Readiness: migrated, database reachable, not starting or draining',
  tags: ['platform'],
  security: PUBLIC,
  responses: {
    200: json(
      dataOf(z.object({ status: z.literal('ready'), migrations: z.number().int() })),
      'This replica serves requests: send it traffic',
    ),
    ...publicErrors(503),
  },
});

const unavailable = (message: string) => new ApiException(503, ERROR_CODES.internal, message);

export const healthRoutes = createRouter().openapi(getHealth, async (c) => {
  try {
    await c.get('db').execute(sql`select 1`);
  } catch (err) {
    c.get('logger').error({ err }, 'health check: the database did not answer');
    throw unavailable('The database is not reachable.');
  }
  return ok(c, { status: 'ok' as const, database: 'ok' as const });
});

// A router of its own, mounted at /api/ready: a router's middleware (its body limit) covers
// everything under its mount point, so neither may be mounted at /api itself.
export const readyRoutes = createRouter().openapi(getReady, async (c) => {
  const state = c.get('lifecycle').state();
  if (state !== 'ready') throw unavailable(`This replica is ${state}.`);
  let applied: number;
  try {
    applied = await appliedMigrationCount(c.get('db'));
  } catch {
    throw unavailable('The database is not reachable.');
  }
  if (applied < MIGRATION_COUNT) throw unavailable('The database is not migrated yet.');
  return ok(c, { status: 'ready' as const, migrations: applied });
});
