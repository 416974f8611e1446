/**
 * The filters of the order and release lists as URL search parameters (`?q=…&status=A,B&from=…`).
 * Whatever the URL holds is read forgivingly: an unknown status, sort or malformed date is
 * dropped instead of breaking the page. Each list reads its own filters from them: the orders'
 * in features/orders/order-filters.ts, the releases' in features/releases/release-filters.ts.
 */
import { isCalendarDate } from '../../shared/calendar-date';
import { allowedValue } from './search-params';

export interface ListSearch {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  sort?: string;
  customer?: number;
  /** The order list: only orders with a late line. */
  late?: true;
}

/** What the order list and the release list filter by (the release list adds a customer). */
export interface ListFilters<Status extends string, Sort extends string> {
  search: string;
  status: Status[];
  from: string;
  to: string;
  sort: Sort;
}

/** Whether anything is chosen that `none` (e.g. NO_ORDER_FILTERS) leaves out. */
export function isFiltered<Filters extends object>(
  filters: Filters,
  none: Partial<Record<keyof Filters, unknown>>,
): boolean {
  return (Object.keys(none) as Array<keyof Filters>).some((key) => {
    const value = filters[key];
    return Array.isArray(value) ? value.length > 0 : value !== none[key];
  });
}

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, 100) : '');
const date = (value: unknown): string =>
  typeof value === 'string' && isCalendarDate(value) ? value : '';
const listOf = <T extends string>(value: unknown, allowed: readonly T[]): T[] =>
  text(value)
    .split(',')
    .filter((s): s is T => (allowed as readonly string[]).includes(s));

/** The route's `validateSearch`: keeps only what it understands, leaves out what is empty. */
export function parseListSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {};
  if (text(raw.q)) search.q = text(raw.q);
  if (text(raw.status)) search.status = text(raw.status);
  if (date(raw.from)) search.from = date(raw.from);
  if (date(raw.to)) search.to = date(raw.to);
  if (text(raw.sort)) search.sort = text(raw.sort);
  const customer = Number(raw.customer);
  if (Number.isInteger(customer) && customer > 0) search.customer = customer;
  if (raw.late === true || raw.late === 'true') search.late = true;
  return search;
}

/** The filters both lists share, read from the URL; an unknown sort becomes the list's default. */
export function listFiltersOf<Status extends string, Sort extends string>(
  search: ListSearch,
  statuses: readonly Status[],
  sorts: readonly Sort[],
  defaultSort: Sort,
): ListFilters<Status, Sort> {
  return {
    search: search.q ?? '',
    status: listOf(search.status, statuses),
    from: search.from ?? '',
    to: search.to ?? '',
    sort: allowedValue(search.sort, sorts) ?? defaultSort,
  };
}

/** Filters back to a clean URL: empty filters and the default sort are left out. */
export function searchOf(
  filters: {
    search: string;
    status: readonly string[];
    from: string;
    to: string;
    sort: string;
    customerId?: number | null;
    late?: boolean;
  },
  defaultSort: string,
): ListSearch {
  const search: ListSearch = {};
  if (filters.search.trim()) search.q = filters.search.trim();
  if (filters.status.length) search.status = filters.status.join(',');
  if (filters.from) search.from = filters.from;
  if (filters.to) search.to = filters.to;
  if (filters.sort !== defaultSort) search.sort = filters.sort;
  if (filters.customerId) search.customer = filters.customerId;
  if (filters.late) search.late = true;
  return search;
}
