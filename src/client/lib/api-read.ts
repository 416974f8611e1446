/**
 * Reads the API's success envelopes (docs/product/api.md#answers) against the row's schema from
 * src/shared: `{ data: [row] }` (`fetchOne`) and `{ data, nextCursor }` (`fetchPage`), over
 * api-client.ts's `apiFetch`. The row is read by a zod schema, or, for the answers the app reads as
 * it starts, by the JSON Schema zod writes from it (json-shape.ts): the envelopes are read here by
 * hand, so the first load does without zod. A GET that the app asked for as it started
 * (early-answers.ts) is read from that answer, not asked again.
 */
import { apiFetch, isRecord, type ApiInit } from './api-client';
import { takeEarly } from './early-answers';
import { ShapeError } from './json-shape';

/** What reads a row: a zod schema, or a json-shape.ts reader. */
export interface RowReader<T> {
  parse(value: unknown): T;
}

function answerOf(path: string, init?: ApiInit): Promise<unknown> {
  const early = (init?.method ?? 'GET') === 'GET' ? takeEarly(path) : undefined;
  return early ?? apiFetch(path, init);
}

/** The `data` array of an answer, or a ShapeError. */
function dataOf(answer: unknown): unknown[] {
  const data = isRecord(answer) ? answer.data : undefined;
  if (!Array.isArray(data)) throw new ShapeError('.data');
  return data;
}

/** `{ data: [row] }`, the answer about one resource, read as the row. */
export const oneRowOf = <T>(row: RowReader<T>): RowReader<T> => ({
  parse(answer) {
    const data = dataOf(answer);
    if (data.length !== 1) throw new ShapeError('.data');
    return row.parse(data[0]);
  },
});

export interface Page<Row> {
  data: Row[];
  /** The cursor of the next page; absent or null on the last one. */
  nextCursor?: string | null | undefined;
}

/** `{ data, nextCursor }`, a keyset page (shared/schemas/envelope.ts's `pageOf`). */
export const pageOf = <T>(row: RowReader<T>): RowReader<Page<T>> => ({
  parse(answer) {
    const data = dataOf(answer).map((item) => row.parse(item));
    const cursor: unknown = (answer as { nextCursor?: unknown }).nextCursor;
    if (cursor === undefined) return { data };
    if (cursor !== null && typeof cursor !== 'string') throw new ShapeError('.nextCursor');
    return { data, nextCursor: cursor };
  },
});

/** Calls the API and reads its `{ data: [row] }` answer as the row. */
export async function fetchOne<T>(row: RowReader<T>, path: string, init?: ApiInit): Promise<T> {
  return oneRowOf(row).parse(await answerOf(path, init));
}

/** Calls the API and reads its `{ data, nextCursor }` answer. */
export async function fetchPage<T>(
  row: RowReader<T>,
  path: string,
  init?: ApiInit,
): Promise<Page<T>> {
  return pageOf(row).parse(await answerOf(path, init));
}
