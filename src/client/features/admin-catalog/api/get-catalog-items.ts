/** `GET /api/db/catalog?scope=all` (admins): every customer's items, filtered, sorted, paged. */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  catalogAdminItemRowSchema,
  type CatalogListRow,
  type CatalogSort,
} from '../../../../shared/schemas/catalog';
import type { ActiveFilter } from '../../../../shared/schemas/fields';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { catalogKeys } from './keys';

export const CATALOG_PAGE_SIZE = 25;

export interface CatalogFilters {
  search: string;
  /** A customer's id, `none` for the items offered to all, null for every item. */
  customerId: number | 'none' | null;
  active: ActiveFilter;
  sort: CatalogSort;
}

/**
 * With `scope=all`: every customer's items, each with its customer's code and name, which the
 * rows are read as having (the contract's row, shared with the offered list, leaves them optional).
 */
export const getCatalogItemsRoute = apiRoute('GET', '/api/db/catalog').answers<
  Page<CatalogListRow>
>();

export function getCatalogItems(filters: CatalogFilters, cursor?: string, signal?: AbortSignal) {
  return fetchPage(catalogAdminItemRowSchema, getCatalogItemsRoute, {
    query: {
      scope: 'all',
      active: filters.active,
      sort: filters.sort,
      limit: CATALOG_PAGE_SIZE,
      search: filters.search,
      customerId: filters.customerId,
      cursor,
    },
    signal: signal ?? null,
  });
}

export function getCatalogItemsQueryOptions(filters: CatalogFilters) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.list({ ...filters, search: filters.search.trim() }),
    queryFn: ({ pageParam, signal }) => getCatalogItems(filters, pageParam, signal),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export function useCatalogItems(filters: CatalogFilters) {
  return useInfiniteQuery(getCatalogItemsQueryOptions(filters));
}
