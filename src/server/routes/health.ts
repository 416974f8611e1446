/** `GET /api/health`: for load balancers and the start script; no token needed. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ERROR_CODES } from '../../shared/api';
import type { AppEnv } from '../context';
import { ApiException } from '../errors';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (err) {
    console.error('Health check: the database did not answer:', err);
    throw new ApiException(503, ERROR_CODES.internal, 'The database is not reachable.');
  }
  return c.json({ data: [{ status: 'ok', database: 'ok' }] }, 200);
});
