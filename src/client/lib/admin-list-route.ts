/**
 * The route side of every admin list (customers, users, catalog): its filters in the URL both
 * ways and its loader, defined once so the three list routes only say what differs.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ActiveFilter } from '../../shared/schemas/fields';
import { loadSearchData, type LoadCause } from './route-data';
import { adminListSearch, cleanSearch, type AdminListSearch } from './search-params';

/** The filters every admin list has (features' `CatalogFilters`, `UserFilters`… extend them). */
export interface AdminFilters {
  search: string;
  active: ActiveFilter;
  sort: string;
}

/** An admin list's URL: `q`, `active`, `sort`, and the list's own parameters. */
export type AdminListUrlSearch<Sort extends string> = AdminListSearch<Sort> &
  Record<string, string | number | undefined>;

/**
 * The list's own filters in the URL: each filter's parameter name, and how a URL value is read
 * (undefined: left out). Absent from the URL, the filter is null.
 */
export type OwnListParams<F extends AdminFilters> = {
  [K in Exclude<keyof F, keyof AdminFilters>]-?: readonly [
    param: string,
    read: (value: unknown) => NonNullable<F[K]> | undefined,
  ];
};

/**
 * An admin list's route, from its filters and its URL both ways, in one place: the route's
 * `validateSearch`, `loaderDeps` and `loader`, the filters the list shows for a URL, and the clean URL of
 * changed filters (what equals its default is left out, so going back finds the list as it was).
 */
export function adminListRoute<F extends AdminFilters>(config: {
  sorts: readonly string[];
  defaults: Pick<F, 'active' | 'sort'>;
  own: OwnListParams<F>;
}) {
  type Search = AdminListUrlSearch<F['sort']>;
  const own = Object.entries(config.own) as Array<
    [string, readonly [string, (value: unknown) => unknown]]
  >;
  const defaults = { active: config.defaults.active, sort: config.defaults.sort };
  const list = {
    validateSearch(search: Record<string, unknown>): Search {
      const valid: Record<string, unknown> = { ...adminListSearch(search, config.sorts) };
      for (const [, [param, read]] of own) {
        const value = read(search[param]);
        if (value !== undefined) valid[param] = value;
      }
      return valid as Search;
    },
    filtersOf(search: Search): F {
      const filters: Record<string, unknown> = {
        search: search.q ?? '',
        active: search.active ?? defaults.active,
        sort: search.sort ?? defaults.sort,
      };
      for (const [field, [param]] of own) filters[field] = search[param] ?? null;
      return filters as F;
    },
    searchOf(filters: F): Search {
      const values: Record<string, unknown> = {
        q: filters.search,
        active: filters.active,
        sort: filters.sort,
      };
      for (const [field, [param]] of own) values[param] = filters[field as keyof F];
      return cleanSearch(values, defaults) as Search;
    },
    /**
     * The page's filters as its URL holds them, and their change, which replaces the URL (the
     * list is a leaf route: its search is the page's).
     */
    useFilters(): { filters: F; onFiltersChange: (next: F) => void } {
      const search = useSearch({ strict: false });
      const navigate = useNavigate();
      return {
        filters: list.filtersOf(search as Search),
        onFiltersChange: (next) =>
          void navigate({ to: '.', replace: true, search: list.searchOf(next) }),
      };
    },
    /** The route's `loaderDeps`: the filters the URL asks for, so a change of them loads again. */
    loaderDeps({ search }: { search: Search }): F {
      return list.filtersOf(search);
    },
    /**
     * The route's loader: the first page of the list its filters ask for (route-data's rule for a
     * page whose data follows its search). `load` is given in the loader itself, so the API it
     * calls travels with the page's chunk.
     */
    load(
      {
        context,
        deps,
        cause,
      }: { context: { queryClient: QueryClient }; deps: F; cause: LoadCause },
      /** E.g. `(client, filters) => client.ensureInfiniteQueryData(getUsersQueryOptions(filters))`. */
      load: (queryClient: QueryClient, filters: F) => Promise<unknown>,
    ): Promise<void> {
      return loadSearchData(cause, () => load(context.queryClient, deps));
    },
  };
  return list;
}
