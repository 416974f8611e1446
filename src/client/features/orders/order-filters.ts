/** The order list's filters, read from the URL's list search (lib/list-search.ts). */
import { ORDER_SORTS } from '../../../shared/list-options';
import { ORDER_STATUSES } from '../../../shared/status';
import { listFiltersOf, type ListSearch } from '../../lib/list-search';
import type { OrderFilters } from './api/get-orders';

/** The filters with nothing chosen (the sort stays as it is). */
export const NO_ORDER_FILTERS: Omit<OrderFilters, 'sort'> = {
  search: '',
  status: [],
  from: '',
  to: '',
  late: false,
};

export function orderFiltersOf(search: ListSearch): OrderFilters {
  return {
    ...listFiltersOf(search, ORDER_STATUSES, ORDER_SORTS, '-OrderNumber'),
    late: search.late === true,
  };
}
