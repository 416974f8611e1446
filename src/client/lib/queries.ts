/**
 * How every feature builds its query keys and pages through a list, so invalidation reads the
 * same everywhere.
 *
 * Keys are `[resource, kind, ...params]` (TanStack Query's key factories): a create or an update
 * invalidates `keys.lists()`, the updated record's own entry is replaced from the answer, and
 * `keys.all` is for a change that may touch anything of the resource. The resource name is the
 * only shared part: two features that read the same resource (customers: the admin list and the
 * customer chooser) build their keys from the same name, so one invalidation reaches both.
 */
import type { Page } from './api-read';

export function resourceKeys<const Resource extends string>(resource: Resource) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: <Params extends object>(params: Params) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number) => [resource, 'detail', id] as const,
  };
}

/** The cursor paging of `{ data, nextCursor }` lists, for `infiniteQueryOptions`. */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: Page<unknown>): string | undefined => last.nextCursor ?? undefined,
};

/**
 * How many rows a read of a whole list takes at most: enough for any real list, bounded for the
 * browser (and against a cursor that never ends).
 */
export const EXPORT_LIMIT = 10_000;

/**
 * Every row of a cursor-paged list, page by page (200 at a time), up to `EXPORT_LIMIT`: for a CSV
 * export, or the whole catalog a quick order checks its rows against; `truncated` says there
 * were more.
 */
export async function collectPages<T>(
  page: (paging: { cursor: string | undefined; limit: number }) => Promise<Page<T>>,
): Promise<{ rows: T[]; truncated: boolean }> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const next = await page({ cursor, limit: 200 });
    rows.push(...next.data);
    cursor = next.nextCursor ?? undefined;
  } while (cursor && rows.length < EXPORT_LIMIT);
  return { rows: rows.slice(0, EXPORT_LIMIT), truncated: cursor !== undefined };
}
