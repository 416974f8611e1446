/** `GET /api/health`: for load balancers and the start script; no token needed. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { ERROR_CODES } from '../../shared/api';
import type { AppEnv } from '../context';
import { ApiException } from '../errors';
import { describeEndpoint } from '../openapi';

describeEndpoint({
  method: 'get',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  tag: 'platform',
  auth: false,
  row: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  errors: [503],
});

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (err) {
    console.error('Health check: the database did not answer:', err);
    throw new ApiException(503, ERROR_CODES.internal, 'The database is not reachable.');
  }
  return c.json({ data: [{ status: 'ok', database: 'ok' }] }, 200);
});
