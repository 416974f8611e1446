/**
 * The API's routes as the client calls them. A route is a method and a path written as the
 * server's contract writes it (`/api/db/orders/:id`), and it carries, as types only, the body it
 * takes and the answer it gives. Every request of the client goes through one: the readers of
 * api-read.ts, `callApi`, `downloadFrom` and the outbox take a route and its parameters, never a
 * path of their own. Each route is an exported constant of the `api/` file that calls it, so that
 * tests/api/app-type.test.ts can hold every one of them to the server's route of that method and
 * path: the path must be one of `AppType`'s, its body and answer that route's (decision 032).
 *
 * No zod here: the first page's request is built with this module.
 */
import { apiDownload, apiFetch, apiPath, type ApiFile, type ApiInit } from './api-client';
import type { AnswerReader } from './api-read';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

declare const contract: unique symbol;

export interface ApiRoute<M extends ApiMethod, P extends string, Body, Answer> {
  readonly method: M;
  readonly path: P;
  /** Never set: what the route takes and answers, as types. */
  readonly [contract]?: { body: Body; answer: Answer };
}

/** `{ data: [row, …] }`: the answer about one row, or a whole list. */
export type Rows<T> = { data: T[] };

/** `{ data, nextCursor }`: a keyset page; the cursor is null (or absent) on the last one. */
export type Page<T> = { data: T[]; nextCursor?: string | null | undefined };

/** An answer without a body (204), which `apiFetch` resolves with as null. */
export type NoContent = null;

/** The file of a download (a PDF, a scan). */
export type FileAnswer = ApiFile;

/** What a route takes, as `apiRoute(…).sends<Body>()` declared it. */
export type BodyOf<R> = R extends ApiRoute<ApiMethod, string, infer Body, unknown> ? Body : never;

/** `id | lineId` of `/api/db/orders/:id/lines/:lineId/production`. */
export type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [Name in ParamNames<P>]: string | number };

type QueryParams = Parameters<typeof apiPath>[1];

/** The path parameters of a request, when its route has some, and its body, when it takes one. */
export type RouteInput<P extends string, Body> = ([ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<P> }) &
  ([Body] extends [undefined] ? { body?: undefined } : { body: Body });

/**
 * One request of a route: its parameters and body, the query string's parameters, and what
 * `apiFetch` takes besides (signal, If-Match, Idempotency-Key, headers).
 */
export type RouteRequest<P extends string, Body> = Omit<ApiInit, 'method' | 'body'> & {
  query?: QueryParams;
} & RouteInput<P, Body>;

/** A route's request as an argument: left out when the route needs neither parameters nor a body. */
export type RequestArgs<P extends string, Body> = [ParamNames<P>] extends [never]
  ? [Body] extends [undefined]
    ? [request?: RouteRequest<P, Body>]
    : [request: RouteRequest<P, Body>]
  : [request: RouteRequest<P, Body>];

export interface RouteBuilder<M extends ApiMethod, P extends string, Body> {
  /** The body the route takes: sent as JSON, or as it is when it is a Blob. */
  sends<B>(): RouteBuilder<M, P, B>;
  /** What the route answers when it succeeds; a route is complete once it says so. */
  answers<A>(): ApiRoute<M, P, Body, A>;
}

/**
 * Declares a route: `apiRoute('PUT', '/api/db/orders/:id/lines/:lineId/production')
 * .sends<ProductionInput>().answers<Rows<OrderDetail>>()`. Only as an exported constant of a
 * module (ESLint holds that), so that the type test reaches every route.
 */
export function apiRoute<M extends ApiMethod, P extends `/api/${string}`>(
  method: M,
  path: P,
): RouteBuilder<M, P, undefined> {
  const route = { method, path };
  const builder = { sends: () => builder, answers: () => route };
  // The types are the builder's whole work: at run time a route is its method and path.
  return builder as unknown as RouteBuilder<M, P, undefined>;
}

/** The route's path with its parameters in place, and its query string. */
export function pathOf<P extends string>(
  route: { readonly path: P },
  ...[params, query]: [ParamNames<P>] extends [never]
    ? [params?: undefined, query?: QueryParams]
    : [params: PathParams<P>, query?: QueryParams]
): string {
  return fillPath(route.path, params, query);
}

function fillPath(
  path: string,
  params: Readonly<Partial<Record<string, string | number>>> = {},
  query?: QueryParams,
): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs its :${name}`);
    return encodeURIComponent(String(value));
  });
  return query === undefined ? filled : apiPath(filled, query);
}

/** A request as the code below reads it, whatever its route. */
type AnyRequest = Omit<ApiInit, 'method' | 'body'> & {
  params?: Readonly<Partial<Record<string, string | number>>> | undefined;
  query?: QueryParams;
  body?: unknown;
};

/** The path and the `apiFetch` init of one request of a route. */
export function requestOf<M extends ApiMethod, P extends string, Body, Answer>(
  route: ApiRoute<M, P, Body, Answer>,
  request?: RouteRequest<P, Body>,
): { path: string; init: ApiInit } {
  const { params, query, body, ...init }: AnyRequest = request ?? {};
  return {
    path: fillPath(route.path, params, query),
    init: {
      ...init,
      // GET is fetch's own default; a read's init stays as it always was.
      ...(route.method === 'GET' ? {} : { method: route.method }),
      ...(body === undefined ? {} : { body: body instanceof Blob ? body : JSON.stringify(body) }),
    },
  };
}

/**
 * What the outbox keeps of a request of a creating route — its path and its body as typed (sent as
 * JSON when the entry goes out) — and how its answer is read, checked against the route's answer.
 */
export function outboxPost<P extends string, Body, Answer, T, Sent extends Body = Body>(
  route: ApiRoute<'POST', P, Body, Answer>,
  input: RouteInput<P, Sent>,
  read: AnswerReader<NoInfer<Answer>, T>,
): { path: string; body: Sent; parse: (answer: unknown) => T } {
  const { params, body } = input as AnyRequest & { body: Sent };
  return { path: fillPath(route.path, params), body, parse: (answer) => read.parse(answer) };
}

/** Calls a route whose answer the caller does not read (a delete, a read mark, a registration). */
export async function callApi<M extends ApiMethod, P extends string, Body, Answer>(
  route: ApiRoute<M, P, Body, Answer>,
  ...[request]: RequestArgs<P, NoInfer<Body>>
): Promise<void> {
  const { path, init } = requestOf(route, request);
  await apiFetch(path, init);
}

/** Downloads the file a route answers with. */
export function downloadFrom<P extends string, Body>(
  route: ApiRoute<'GET', P, Body, FileAnswer>,
  ...[request]: RequestArgs<P, NoInfer<Body>>
): Promise<ApiFile> {
  const { path, init } = requestOf(route, request);
  return apiDownload(path, init);
}
