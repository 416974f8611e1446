/**
 * Reads the API's success envelopes (DESIGN §7) against the row's schema from src/shared:
 * `{ data: [row] }` (`fetchOne`) and `{ data, nextCursor }` (`fetchPage`), over api-client.ts's
 * `apiFetch`. Apart from it because it needs zod, which the first load does without. A GET that
 * the app asked for as it started (early-answers.ts) is read from that answer, not asked again.
 */
import { z } from 'zod';
import { pageOf } from '../../shared/schemas/envelope';
import { apiFetch, type ApiInit } from './api-client';
import { takeEarly } from './early-answers';

function answerOf(path: string, init?: ApiInit): Promise<unknown> {
  const early = (init?.method ?? 'GET') === 'GET' ? takeEarly(path) : undefined;
  return early ?? apiFetch(path, init);
}

/** `{ data: [row] }`, the answer about one resource (DESIGN §7), read as the row. */
export const oneRowOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.tuple([row]) }).transform((body) => body.data[0] as z.output<T>);

export interface Page<Row> {
  data: Row[];
  /** The cursor of the next page; absent or null on the last one. */
  nextCursor?: string | null | undefined;
}

/** Calls the API and reads its `{ data: [row] }` answer as the row. */
export async function fetchOne<T extends z.ZodType>(
  row: T,
  path: string,
  init?: ApiInit,
): Promise<z.output<T>> {
  return oneRowOf(row).parse(await answerOf(path, init));
}

/** Calls the API and reads its `{ data, nextCursor }` answer. */
export async function fetchPage<T extends z.ZodType>(
  row: T,
  path: string,
  init?: ApiInit,
): Promise<Page<z.output<T>>> {
  return pageOf(row).parse(await answerOf(path, init));
}
