/**
 * `/api/openapi.json` (DESIGN §7): an OpenAPI 3.1 description of every endpoint, generated from
 * the same zod schemas that validate the requests, so it cannot drift from what the API accepts.
 *
 * Each route module describes its endpoints beside their handlers with `describeEndpoint`; a test
 * compares the document with the routes Hono actually has, so an undescribed endpoint fails CI.
 */
import { z } from 'zod';
import { CUSTOMER_HEADER, IDEMPOTENCY_HEADER } from '../shared/api';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface EndpointDescription {
  method: Method;
  /** Hono style, e.g. `/api/db/users/uid/:uid`. */
  path: string;
  summary: string;
  tag: string;
  /** Needs `Authorization: Bearer <Firebase ID token>` (default true). */
  auth?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Schema of one row of `data`. */
  row?: z.ZodType;
  /** The answer is a page: `{ data, nextCursor }`. */
  list?: boolean;
  /** Accepts `Idempotency-Key` (creating POSTs). */
  idempotent?: boolean;
  /** Needs `If-Match: <Version>` (updates). */
  ifMatch?: boolean;
  /** Honours `X-Customer-Id` for staff acting on behalf of a customer. */
  customerScoped?: boolean;
  /** A non-JSON answer, e.g. `image/*` for logos. */
  contentType?: string;
  /** Error statuses beside the ones every authenticated endpoint has (400, 401, 403). */
  errors?: number[];
}

const endpoints = new Map<string, EndpointDescription>();

/** Registers an endpoint's description (called once per endpoint, at module load). */
export function describeEndpoint(endpoint: EndpointDescription): void {
  endpoints.set(`${endpoint.method} ${endpoint.path}`, endpoint);
}

export function describedEndpoints(): EndpointDescription[] {
  return [...endpoints.values()];
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (field messages in `error.fields`)',
  401: 'No or invalid token',
  403: 'Not allowed',
  404: 'Not found (or not visible to this caller)',
  409: 'Illegal transition or conflict',
  412: 'Stale If-Match version; nothing changed',
  413: 'Too large',
  428: 'If-Match missing',
  429: 'Too many requests',
};

function parametersOf(e: EndpointDescription): object[] {
  const parameters: object[] = [];
  const add = (where: 'path' | 'query', shape: z.ZodObject | undefined) => {
    if (!shape) return;
    const schema = jsonSchema(shape, 'input') as {
      properties?: Record<string, object>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (schema.required ?? []).includes(name),
        schema: property,
      });
    }
  };
  add('path', e.params);
  add('query', e.query);
  if (e.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      description: 'Repeats with the same key return the first answer instead of creating again.',
      schema: { type: 'string', minLength: 8, maxLength: 200 },
    });
  }
  if (e.ifMatch) {
    parameters.push({
      name: 'If-Match',
      in: 'header',
      required: true,
      description: 'The Version of the row as loaded.',
      schema: { type: 'string' },
    });
  }
  if (e.customerScoped) {
    parameters.push({
      name: CUSTOMER_HEADER,
      in: 'header',
      required: false,
      description: 'Staff: the customer to act for. Ignored for buyers (their own customer wins).',
      schema: { type: 'integer' },
    });
  }
  return parameters;
}

function operationOf(e: EndpointDescription): object {
  const auth = e.auth ?? true;
  const okStatus = e.method === 'post' && e.idempotent ? '201' : '200';
  const rowSchema = e.row ? jsonSchema(e.row, 'output') : {};
  const ok = e.contentType
    ? {
        description: 'OK',
        content: { [e.contentType]: { schema: { type: 'string', format: 'binary' } } },
      }
    : {
        description: 'OK',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['data'],
              properties: {
                data: { type: 'array', items: rowSchema },
                ...(e.list ? { nextCursor: { type: ['string', 'null'] } } : {}),
              },
            },
          },
        },
      };
  const errorStatuses = new Set<number>([...(auth ? [400, 401, 403] : [400]), ...(e.errors ?? [])]);
  if (e.ifMatch) [412, 428].forEach((s) => errorStatuses.add(s));
  const responses: Record<string, object> = { [okStatus]: ok };
  for (const status of [...errorStatuses].sort()) {
    responses[String(status)] = {
      description: ERROR_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return {
    summary: e.summary,
    tags: [e.tag],
    ...(auth ? {} : { security: [] }),
    parameters: parametersOf(e),
    ...(e.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const e of [...endpoints.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    (paths[toOpenApiPath(e.path)] ??= {})[e.method] = operationOf(e);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Customer Portal API',
      version: '1',
      description:
        'JSON in and out. Success: `{ data: [...] }` (lists add `nextCursor`); errors: ' +
        '`{ error: { code, message, fields? } }`. Authenticate with a Firebase ID token.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { firebase: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ firebase: [] }],
    paths,
  };
}
