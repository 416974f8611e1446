/**
 * The server's log: pino, one JSON object per line in production (for whatever collects stdout),
 * or pino-pretty's readable lines in `npm start`. What may go into it is decided here and in
 * `requestLog`: ids, route patterns, statuses and durations; never a header value, a body, a
 * token, a password or a logo.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { pino, type Logger } from 'pino';
import type { AppEnv } from '../http/context';

export type { Logger };

export interface LoggerOptions {
  format: 'json' | 'pretty';
  level: string;
}

export function createLogger({ format, level }: LoggerOptions): Logger {
  return pino({
    level,
    // Belt and braces: should a caller ever log a request or its headers, these never print.
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        'authorization',
        'password',
        'token',
        'idToken',
      ],
      censor: '[redacted]',
    },
    ...(format === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              // A request on one line in a terminal: `request GET /api/db/orders/:id 200 12 ms`.
              messageFormat: '{msg}{if method} {method} {route} {status} {durationMs} ms{end}',
              ignore: 'pid,hostname,method,route,status,durationMs,reqId,uid,userId,customerId',
            },
          },
        }
      : {}),
  });
}

/** What the request log and the metrics learn of each answered request. */
export interface RequestRecord {
  method: string;
  /** The pattern the request matched (`/api/db/orders/:id`), never the path with its ids. */
  route: string;
  status: number;
  durationMs: number;
}

/**
 * One log line per request, written once the answer is made: the request id (hono's
 * `requestId` middleware sets it before this runs), method, route pattern, status, duration,
 * and who asked (Firebase uid, portal user id, customer id: the buyer's, or the one staff act
 * for; or the integration client and its key) when the request was authenticated.
 * `observe` hears the same facts (the metrics).
 */
export function requestLog(
  logger: Logger,
  observe: (record: RequestRecord) => void = () => {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const record: RequestRecord = {
        method: c.req.method,
        // After `next()`, the index is that of the handler that answered.
        route: routePath(c) || 'unmatched',
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      observe(record);
      const principal = c.get('principal') as AppEnv['Variables']['principal'] | undefined;
      const client = c.get('client') as AppEnv['Variables']['client'] | undefined;
      logger.info(
        {
          reqId: c.get('requestId'),
          ...record,
          uid: principal?.uid ?? null,
          // An integration client and the key it called with.
          clientId: client?.clientId ?? null,
          keyId: client?.keyId ?? null,
          userId: principal?.user?.Id ?? null,
          // A buyer's own customer, or the one staff act on behalf of.
          customerId: c.get('scopeCustomerId') ?? principal?.user?.CustomerId ?? null,
        },
        'request',
      );
    }
  };
}
