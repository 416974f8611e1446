/** `GET /api/db/inventory-releases`: releases across orders (staff: every customer, or one). */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  releaseRowSchema,
  type ReleaseRow,
  type ReleaseSort,
} from '../../../../shared/schemas/order';
import type { ReleaseStatus } from '../../../../shared/status';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { cursorPaging } from '../../../lib/queries';
import { orderKeys } from '../../../lib/order-keys';

export interface InventoryReleaseFilters {
  search: string;
  status: ReleaseStatus[];
  from: string;
  to: string;
  sort: ReleaseSort;
  /** Staff only: one customer's releases; null for every customer. */
  customerId: number | null;
}

export const getInventoryReleasesRoute = apiRoute('GET', '/api/db/inventory-releases').answers<
  Page<ReleaseRow>
>();

export function getInventoryReleases(
  filters: InventoryReleaseFilters,
  cursor?: string,
  signal?: AbortSignal,
) {
  return fetchPage(releaseRowSchema, getInventoryReleasesRoute, {
    query: {
      limit: 50,
      sort: filters.sort,
      search: filters.search,
      status: filters.status,
      from: filters.from,
      to: filters.to,
      customerId: filters.customerId,
      cursor,
    },
    signal: signal ?? null,
  });
}

/**
 * Whose list a viewer sees: staff's lists are every customer's, so not keyed by the customer
 * they act for; a buyer's list is its own customer's.
 */
export function releasesViewer(staff: boolean, customerId: number | null): number | null {
  return staff ? null : customerId;
}

export function getInventoryReleasesQueryOptions(
  viewer: number | null,
  filters: InventoryReleaseFilters,
) {
  return infiniteQueryOptions({
    // A buyer's list is its customer's: the viewer's customer keeps two buyers' lists apart.
    queryKey: [...orderKeys.inventoryReleases(filters), viewer],
    queryFn: ({ pageParam, signal }) => getInventoryReleases(filters, pageParam, signal),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export function useInventoryReleases(viewer: number | null, filters: InventoryReleaseFilters) {
  return useInfiniteQuery(getInventoryReleasesQueryOptions(viewer, filters));
}
