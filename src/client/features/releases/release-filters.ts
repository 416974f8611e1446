/** The inventory-release list's filters, read from the URL's list search (lib/list-search.ts). */
import { RELEASE_SORTS } from '../../../shared/list-options';
import { RELEASE_STATUSES } from '../../../shared/status';
import { listFiltersOf, type ListSearch } from '../../lib/list-search';
import type { InventoryReleaseFilters } from './api/get-inventory-releases';

/** The filters with nothing chosen (the sort stays as it is). */
export const NO_RELEASE_FILTERS: Omit<InventoryReleaseFilters, 'sort'> = {
  search: '',
  status: [],
  from: '',
  to: '',
  customerId: null,
};

export function releaseFiltersOf(search: ListSearch): InventoryReleaseFilters {
  return {
    ...listFiltersOf(search, RELEASE_STATUSES, RELEASE_SORTS, '-RequestedShipDate'),
    customerId: search.customer ?? null,
  };
}
