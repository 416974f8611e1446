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
import type { Page } from './api-client';

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
