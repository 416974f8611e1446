import { describe, expect, it } from 'vitest';
import { isFiltered, parseListSearch } from '../../lib/list-search';
import { NO_ORDER_FILTERS, orderFiltersOf } from './order-filters';

describe('the order list filters in the URL', () => {
  it('reads what it understands and drops the rest', () => {
    const search = parseListSearch({
      q: 'PO-1',
      status: 'Submitted,Lost,Ready',
      from: '2026-02-30',
      to: '2026-03-01',
      sort: 'Price',
      customer: 'abc',
      extra: 'x',
    });
    expect(orderFiltersOf(search)).toEqual({
      search: 'PO-1',
      status: ['Submitted', 'Ready'],
      from: '',
      to: '2026-03-01',
      late: false,
      sort: '-OrderNumber',
    });
  });

  it('reads the late filter', () => {
    expect(orderFiltersOf({ late: true }).late).toBe(true);
    expect(isFiltered(orderFiltersOf({ late: true }), NO_ORDER_FILTERS)).toBe(true);
  });

  it('tells whether anything but the sort is chosen', () => {
    expect(isFiltered(orderFiltersOf({ sort: 'PoNumber' }), NO_ORDER_FILTERS)).toBe(false);
    expect(isFiltered(orderFiltersOf({ status: 'Ready' }), NO_ORDER_FILTERS)).toBe(true);
    expect(isFiltered(orderFiltersOf({ to: '2026-03-01' }), NO_ORDER_FILTERS)).toBe(true);
  });
});
