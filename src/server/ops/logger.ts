/**
 * The server's log: pino, one JSON object per line in production (for whatever collects stdout),
 * or pino-pretty's readable lines in `npm start`. What may go into it is decided here and in
 * `requestLog`: ids, route patterns, statuses and durations; never a header value, a body, a
 * token, a password or a logo. Errors go in as `describeError` writes them: without the values a
 * failing query carried.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { AppEnv } from '../http/context';

export type { Logger };

export interface LoggerOptions {
  format: 'json' | 'pretty';
  level: string;
  /** Where JSON lines go instead of stdout (tests). */
  destination?: DestinationStream;
}

/** The error fields of PostgreSQL (node-postgres and PGlite alike) that name, never quote. */
const DATABASE_FIELDS = [
  'severity',
  'code',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

const MAX_MESSAGE = 500;
const MAX_FRAMES = 15;

/** Text on one line, without control characters, cut at `max`. */
function oneLine(text: string, max: number): string {
  const flat = text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A database's own error: a five-character SQLSTATE and a severity. */
const isDatabaseError = (err: Record<string, unknown>): boolean =>
  typeof err.code === 'string' &&
  /^[0-9A-Z]{5}$/.test(err.code) &&
  typeof err.severity === 'string';

/** Drizzle's wrapper of a failed statement: the statement, its parameters, the database's error. */
const isFailedQuery = (err: Record<string, unknown>): boolean =>
  typeof err.query === 'string' && Array.isArray(err.params);

/**
 * An error as the log keeps it: its kind, a message, the database's SQLSTATE and the names of
 * what failed (constraint, table, column), the statement without its values, the stack's frames
 * and its cause, as one JSON object. Never the values of a query: not Drizzle's `params` (its
 * message lists them too, so it is replaced), not PostgreSQL's `detail` (which repeats a key's
 * values), `where` or `hint`, and in the database's own message the quoted parts, where
 * PostgreSQL puts the value it refused. Messages lose line breaks and control characters (a NUL
 * someone sent must not reach a log file raw).
 */
export function describeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!isRecord(err)) return { type: typeof err, message: oneLine(String(err), MAX_MESSAGE) };
  const described: Record<string, unknown> = {
    type:
      typeof err.constructor === 'function' && err.constructor.name !== 'Object'
        ? err.constructor.name
        : typeof err.name === 'string'
          ? err.name
          : 'Error',
  };
  const message = typeof err.message === 'string' ? err.message : '';
  if (isDatabaseError(err)) {
    // node-postgres's DatabaseError, or PGlite's (whose class name is minified).
    described.type = 'DatabaseError';
    described.message = oneLine(message.replace(/"[^"]*"/g, '"…"'), MAX_MESSAGE);
    for (const field of DATABASE_FIELDS) {
      if (typeof err[field] === 'string') described[field] = err[field];
    }
  } else if (isFailedQuery(err)) {
    described.message = 'Failed query';
  } else {
    described.message = oneLine(message, MAX_MESSAGE);
    if (typeof err.code === 'string' || typeof err.code === 'number') described.code = err.code;
  }
  if (isFailedQuery(err)) {
    // The statement's text holds placeholders ($1, $2…), not the values.
    described.query = oneLine(err.query as string, 2000);
    described.paramCount = (err.params as unknown[]).length;
  }
  if (typeof err.stack === 'string') {
    // Only the frames: the stack's first lines repeat the message, values included.
    const frames = err.stack.split('\n').filter((line) => /^\s+at /.test(line));
    described.stack = frames
      .slice(0, MAX_FRAMES)
      .map((frame) => oneLine(frame, 300))
      .join('\n');
  }
  if (err.cause !== undefined && depth < 3) described.cause = describeError(err.cause, depth + 1);
  return described;
}

export function createLogger({ format, level, destination }: LoggerOptions): Logger {
  const options = {
    level,
    serializers: { err: (err: unknown) => describeError(err) },
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
  };
  return destination ? pino(options, destination) : pino(options);
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
