/**
 * The pieces every endpoint's contract is made of (docs/decisions/012). Each route module states
 * each endpoint once with `createRoute`, built from these; `@hono/zod-openapi` derives from that
 * one definition the request's validation, the handler's types, the typed client's types
 * (`hc<AppType>`) and `/api/openapi.json`, so none of them can drift from the others.
 */
import { createRoute, OpenAPIHono, z, type Hook } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { CUSTOMER_HEADER, DECIMAL_TEXT, ERROR_CODES, IDEMPOTENCY_HEADER } from '../../shared/api';
import type { AppEnv } from './context';
import { idParamSchema } from '../../shared/schemas/common';
import { ApiException, invalidInput, zodFields } from './errors';
import { perUserLimit, WRITE_LIMITS } from './rate-limit';

/**
 * Every validation failure (path, query, headers, body) becomes the API's 400 with `fields`,
 * thrown so that `app.onError` answers it like any other error: one shape for the client.
 */
const validationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw invalidInput('Some input is not valid.', zodFields(result.error));
  return undefined;
};

/**
 * `@hono/zod-openapi` refuses a body sent as anything but the JSON its route declares with its
 * own 415, before validation. The API answers that as what it is to the client, input the schema
 * cannot read, a 400 with `fields`, as it always has. `app.onError` passes errors through here.
 */
export function asContractError(err: Error): Error {
  if (err instanceof HTTPException && err.status === 415) {
    return invalidInput('Send the body as JSON.', { 'Content-Type': 'Must be application/json' });
  }
  return err;
}

/** What an ordinary JSON body may weigh: a form's worth of text, with room to spare. */
export const JSON_BODY_LIMIT = 16 * 1024;

/**
 * A resource's router: an `OpenAPIHono` whose validation failures answer as the API does, and
 * whose every route refuses a body over `bodyLimit` with a 413 before reading it (by its declared
 * length; a body sent without one is counted as it streams and cut off at the limit). A router
 * whose bodies are larger on purpose (a logo) names its own limit, and its reason.
 */
export function createRouter({
  bodyLimit = limitBody(JSON_BODY_LIMIT),
}: { bodyLimit?: MiddlewareHandler<AppEnv> } = {}): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  router.use('*', bodyLimit);
  return router;
}

/** The application itself: its routers mount here, each with its own body limit. */
export function createRootRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

// ── Answers ───────────────────────────────────────────────────────────────────────────────────

import { dataOf } from '../../shared/schemas/envelope';
export { dataOf, pageOf } from '../../shared/schemas/envelope';

/** A JSON answer in a route's `responses`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A route's required JSON body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** The `{id}` of a resource's path. */
export const idParam = z.object({ id: idParamSchema });

/**
 * Refuses a body over `maxSize` bytes with the API's 413, before it is read (by its declared
 * length; without one, once the streamed bytes pass the limit).
 */
export function limitBody(
  maxSize: number,
  refuse: () => Error = () => tooLarge(),
): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => {
      discardRest(c);
      throw refuse();
    },
  });
  // A GET or HEAD carries no body. Asking for one anyway (as `bodyLimit` does) makes the Node
  // adapter build a whole web Request, with its AbortController, for every read the API answers.
  return (c, next) => (BODYLESS_METHODS.has(c.req.method) ? next() : limit(c, next));
}

const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Beyond this, a refused body is not worth reading through: its connection is closed instead. */
const MAX_DISCARD_BYTES = 8 * 1024 * 1024;

/**
 * A refused body's bytes are still on their way. Read and thrown away after the answer, they
 * leave the kept-alive connection ready for the next request (left unread, the connection broke
 * and the client's next request on it failed); a body larger than MAX_DISCARD_BYTES closes the
 * connection instead, and the answer says so. Nothing is kept: memory stays flat at any size.
 */
function discardRest(c: Context): void {
  const declared = Number(c.req.header('Content-Length'));
  const body = c.req.raw.body;
  if (declared > MAX_DISCARD_BYTES || !body || body.locked) {
    c.header('Connection', 'close');
    return;
  }
  let seen = 0;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      seen += chunk.byteLength;
      if (seen > MAX_DISCARD_BYTES) throw new Error('too much to discard');
    },
  });
  body.pipeTo(sink).catch(() => {});
}

const tooLarge = () => new ApiException(413, ERROR_CODES.tooLarge, 'The request is too large.');

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.values(ERROR_CODES) as [string, ...string[]]),
    message: z.string(),
    /** Field path (dot-joined) → message, for 400 invalid input. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

const ERROR_TEXT = {
  400: 'Invalid input (field messages in `error.fields`)',
  401: 'No or invalid token',
  403: 'Not allowed',
  404: 'Not found (or not visible to this caller)',
  409: 'Illegal transition or conflict',
  412: 'Stale If-Match version; nothing changed',
  413: 'Too large',
  422: 'Idempotency-Key already used for a different request',
  428: 'If-Match missing',
  429: 'Too many requests',
  500: 'Something failed on the server; nothing is said of what (the server logs it)',
  503: 'A service the answer needs cannot be reached now (see Retry-After); try again',
} as const;
type ErrorStatus = keyof typeof ERROR_TEXT;

type ErrorResponses<S extends ErrorStatus> = {
  [K in S]: ReturnType<typeof json<typeof apiErrorSchema>>;
};

function errorResponses<S extends ErrorStatus>(statuses: readonly S[]): ErrorResponses<S> {
  const responses: Partial<Record<ErrorStatus, ReturnType<typeof json>>> = {};
  for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
    responses[status] = json(apiErrorSchema, ERROR_TEXT[status]);
  }
  return responses as ErrorResponses<S>;
}

/**
 * The error answers of an endpoint that needs a token: 400, 401 and 403, which every one of them
 * can give, 429 (one person's requests beyond those running and waiting, or past the budget of
 * reads: http/person-load.ts), 500 and 503 (its token cannot be checked while the Auth service is
 * out of reach), and `more`. An update (If-Match) adds 412 and 428 itself.
 */
export const errors = <S extends ErrorStatus>(...more: S[]) =>
  errorResponses<400 | 401 | 403 | 429 | 500 | 503 | S>([400, 401, 403, 429, 500, 503, ...more]);

/** The error answers of a public endpoint: 400, 500 and `more`. */
export const publicErrors = <S extends ErrorStatus>(...more: S[]) =>
  errorResponses<400 | 500 | S>([400, 500, ...more]);

/** A public endpoint: no bearer token (overrides the document's default security). */
export const PUBLIC = [] as const satisfies never[];

// ── Headers ───────────────────────────────────────────────────────────────────────────────────
//
// The headers are declared in the contract, so they are documented and typed, but their values
// are checked where their own answers are decided: `requireIfMatch` (428, then 412 against the
// row), `createIdempotently` and `resolveCustomerScope` (a buyer's header is ignored, not refused).
// Their schemas therefore accept any text, and describe what the server expects of it.

/** Updates: the Version of the row as loaded. Required; its absence answers 428, not 400. */
export const ifMatchHeader = {
  'If-Match': z
    .string()
    .optional()
    .openapi({
      param: { required: true },
      description: 'The Version of the row as loaded (`3`, `"3"` or `W/"3"`).',
      example: '"3"',
    }),
};

/** Creating POSTs: a repeat with the same key returns the first answer. */
export const idempotencyHeader = {
  [IDEMPOTENCY_HEADER]: z.string().optional().openapi({
    description: 'Repeats with the same key return the first answer instead of creating again.',
    pattern: '^[\\w.:-]{8,200}$',
  }),
};

/** Endpoints scoped to the customer in effect. */
export const customerHeader = {
  [CUSTOMER_HEADER]: z.string().optional().openapi({
    description:
      'Staff: the id of the customer to act for. Ignored for buyers (their own customer wins).',
    pattern: DECIMAL_TEXT.source,
  }),
};

// ── The write endpoints every managed resource has ──────────────────────────────────────────

/** What one write endpoint says of itself: its summary and the body it takes. */
interface WriteEndpoint<B extends z.ZodType> {
  operationId: string;
  summary: string;
  body: B;
}

/**
 * The create, update and delete contracts of a resource people manage (catalog items, customers,
 * users, ship-to addresses, saved order lists): `POST /` with `Idempotency-Key` answering
 * `201 { data: [row] }`, and `PUT /{id}` with `If-Match` answering the row as changed (its ETag
 * set by `okVersioned`). Both run `middleware` (who may call) and then the per-person limit of
 * changes before the body is read.
 *
 * @param noun the row as the answers' descriptions name it: "The new <noun>", "The <noun> as changed"
 * @param scoped the rows are a customer's, reached through `X-Customer-Id` like orders
 */
export function writeRoutes<R extends z.ZodType, C extends z.ZodType, U extends z.ZodType>({
  tags,
  middleware = [],
  row,
  noun,
  scoped = false,
  create,
  update,
}: {
  tags: string[];
  middleware?: MiddlewareHandler<AppEnv>[];
  row: R;
  noun: string;
  scoped?: boolean;
  create: WriteEndpoint<C>;
  update: WriteEndpoint<U>;
}) {
  const scope = scoped ? customerHeader : {};
  const limited = [...middleware, perUserLimit(WRITE_LIMITS.change)];
  return {
    createRoute: createRoute({
      method: 'post',
      operationId: create.operationId,
      path: '/',
      summary: create.summary,
      tags,
      middleware: limited,
      request: {
        headers: z.object({ ...scope, ...idempotencyHeader }),
        body: jsonBody(create.body),
      },
      responses: { 201: json(dataOf(row), `The new ${noun}`), ...errors(409, 413, 422, 429) },
    }),
    updateRoute: createRoute({
      method: 'put',
      operationId: update.operationId,
      path: '/{id}',
      summary: update.summary,
      tags,
      middleware: limited,
      request: {
        params: idParam,
        headers: z.object({ ...scope, ...ifMatchHeader }),
        body: jsonBody(update.body),
      },
      responses: {
        200: json(dataOf(row), `The ${noun} as changed`),
        ...errors(404, 409, 412, 413, 428, 429),
      },
    }),
  };
}

/** `DELETE /{id}` of such a resource, with `If-Match`, answering 204. */
export const deleteRoute = ({
  tags,
  middleware = [],
  scoped = false,
  operationId,
  summary,
}: {
  tags: string[];
  middleware?: MiddlewareHandler<AppEnv>[];
  scoped?: boolean;
  operationId: string;
  summary: string;
}) =>
  createRoute({
    method: 'delete',
    operationId,
    path: '/{id}',
    summary,
    tags,
    middleware: [...middleware, perUserLimit(WRITE_LIMITS.change)],
    request: {
      params: idParam,
      headers: z.object({ ...(scoped ? customerHeader : {}), ...ifMatchHeader }),
    },
    responses: { 204: { description: 'Deleted' }, ...errors(404, 409, 412, 428, 429) },
  });

// ── The document ──────────────────────────────────────────────────────────────────────────────

export const SECURITY_SCHEME = 'firebase';
/** The plant's systems: an integration client's API key (docs/product/integration.md). */
export const INTEGRATION_SECURITY_SCHEME = 'integrationKey';

/** The `security` of the integration API's endpoints: an API key, never a person's token. */
export const INTEGRATION_SECURITY = [{ [INTEGRATION_SECURITY_SCHEME]: [] }];

/** Registers the bearer schemes: a person's (the document's default) and an integration key. */
export function registerSecurity(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A Firebase ID token: a person signed in to the portal.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', INTEGRATION_SECURITY_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cpk_…',
    description:
      "An integration client's API key, made by an administrator on the integrations screen; for `/api/integration/v1` only.",
  });
}

export const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Customer Portal API',
    version: '1',
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    description:
      'JSON in and out. Success: `{ data: [...] }` (lists add `nextCursor`); errors: ' +
      '`{ error: { code, message, fields? } }`. People authenticate with a Firebase ID token; ' +
      "the plant's systems call `/api/integration/v1` with an integration client's API key.",
  },
  servers: [{ url: '/' }],
  security: [{ [SECURITY_SCHEME]: [] }],
};
