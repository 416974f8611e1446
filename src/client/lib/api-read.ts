/**
 * Reads the API's success envelopes (docs/product/api.md#answers) against the row's schema from
 * src/shared: `{ data: [row] }` (`fetchOne`), `{ data: rows }` (`fetchRows`) and
 * `{ data, nextCursor }` (`fetchPage`), over api-client.ts's `apiFetch`, each for a route of
 * api-route.ts. The row is read by a zod schema, or, for the answers the app reads as it starts,
 * by the JSON Schema zod writes from it (json-shape.ts): the envelopes are read here by hand, so
 * the first load does without zod. A GET that the app asked for as it started (early-answers.ts)
 * is read from that answer, not asked again.
 */
import { apiFetch, isRecord } from './api-client';
import {
  requestOf,
  type ApiMethod,
  type ApiRoute,
  type Page,
  type RequestArgs,
  type Rows,
} from './api-route';
import { takeEarly } from './early-answers';
import { ShapeError } from './json-shape';

export type { Page } from './api-route';

/** What reads a row: a zod schema, or a json-shape.ts reader. */
export interface RowReader<T> {
  parse(value: unknown): T;
}

declare const reads: unique symbol;

/**
 * What reads a whole answer into T. `Answer` is the answer it reads, as a type only: a reader fits
 * a route (api-route.ts) whose answer it may check more closely than the route promises (the admin
 * catalog list's rows always carry their customer's code, which the list's contract leaves
 * optional), but never otherwise.
 */
export interface AnswerReader<Answer, T> {
  parse(answer: unknown): T;
  readonly [reads]?: Answer;
}

/** `{ data: [row] }`, the answer about one resource, read as the row. */
export const oneRowOf = <T>(row: RowReader<T>): AnswerReader<Rows<T>, T> => ({
  parse(answer) {
    const data = dataOf(answer);
    if (data.length !== 1) throw new ShapeError('.data');
    return row.parse(data[0]);
  },
});

/** `{ data: rows }`, a whole list (or the rows a create made), read as the rows. */
export const rowsOf = <T>(row: RowReader<T>): AnswerReader<Rows<T>, T[]> => ({
  parse: (answer) => dataOf(answer).map((item) => row.parse(item)),
});

/** `{ data, nextCursor }`, a keyset page (shared/schemas/envelope.ts's `pageOf`). */
export const pageOf = <T>(row: RowReader<T>): AnswerReader<Page<T>, Page<T>> => ({
  parse(answer) {
    const data = dataOf(answer).map((item) => row.parse(item));
    const cursor: unknown = (answer as { nextCursor?: unknown }).nextCursor;
    if (cursor === undefined) return { data };
    if (cursor !== null && typeof cursor !== 'string') throw new ShapeError('.nextCursor');
    return { data, nextCursor: cursor };
  },
});

/** The `data` array of an answer, or a ShapeError. */
function dataOf(answer: unknown): unknown[] {
  const data = isRecord(answer) ? answer.data : undefined;
  if (!Array.isArray(data)) throw new ShapeError('.data');
  return data;
}

/** Calls a route and reads its answer with `read`, which must read what the route answers. */
export async function fetchAnswer<M extends ApiMethod, P extends string, Body, Answer, T>(
  route: ApiRoute<M, P, Body, Answer>,
  read: AnswerReader<NoInfer<Answer>, T>,
  ...[request]: RequestArgs<P, NoInfer<Body>>
): Promise<T> {
  const { path, init } = requestOf(route, request);
  const early = route.method === 'GET' ? takeEarly(path) : undefined;
  return read.parse(await (early ?? apiFetch(path, init)));
}

/** Calls a route and reads its `{ data: [row] }` answer as the row. */
export function fetchOne<M extends ApiMethod, P extends string, Body, Row, T extends Row>(
  row: RowReader<T>,
  route: ApiRoute<M, P, Body, Rows<Row>>,
  ...request: RequestArgs<P, NoInfer<Body>>
): Promise<T> {
  return fetchAnswer(route, oneRowOf(row), ...request);
}

/** Calls a route and reads its `{ data: rows }` answer as the rows. */
export function fetchRows<M extends ApiMethod, P extends string, Body, Row, T extends Row>(
  row: RowReader<T>,
  route: ApiRoute<M, P, Body, Rows<Row>>,
  ...request: RequestArgs<P, NoInfer<Body>>
): Promise<T[]> {
  return fetchAnswer(route, rowsOf(row), ...request);
}

/** Calls a route and reads its `{ data, nextCursor }` answer. */
export function fetchPage<M extends ApiMethod, P extends string, Body, Row, T extends Row>(
  row: RowReader<T>,
  route: ApiRoute<M, P, Body, Page<Row>>,
  ...request: RequestArgs<P, NoInfer<Body>>
): Promise<Page<T>> {
  return fetchAnswer(route, pageOf(row), ...request);
}
