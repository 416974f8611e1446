/** `GET /api/health`: for load balancers and the start script; no token needed. */
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/api';
import { ok } from '../answers';
import { ApiException } from '../errors';
import { createRouter, dataOf, json, PUBLIC, publicErrors } from '../openapi';

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

export const healthRoutes = createRouter().openapi(getHealth, async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (err) {
    console.error('Health check: the database did not answer:', err);
    throw new ApiException(503, ERROR_CODES.internal, 'The database is not reachable.');
  }
  return ok(c, { status: 'ok' as const, database: 'ok' as const });
});
