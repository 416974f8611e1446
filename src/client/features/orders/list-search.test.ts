import { describe, expect, it } from 'vitest';
import {
  isFiltered,
  NO_ORDER_FILTERS,
  NO_RELEASE_FILTERS,
  orderFiltersOf,
  parseListSearch,
  releaseFiltersOf,
  searchOf,
} from './list-search';

describe('list filters in the URL', () => {
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
    expect(search).toEqual({
      q: 'PO-1',
      status: 'Submitted,Lost,Ready',
      to: '2026-03-01',
      sort: 'Price',
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

  it('keeps the late filter in the URL as late=true, and only that', () => {
    expect(parseListSearch({ late: 'true' })).toEqual({ late: true });
    expect(parseListSearch({ late: 'yes' })).toEqual({});
    expect(orderFiltersOf({ late: true }).late).toBe(true);
    expect(
      searchOf(
        { search: '', status: [], from: '', to: '', late: true, sort: '-OrderNumber' },
        '-OrderNumber',
      ),
    ).toEqual({ late: true });
    expect(isFiltered(orderFiltersOf({ late: true }), NO_ORDER_FILTERS)).toBe(true);
  });

  it('reads release filters with the customer of staff', () => {
    expect(releaseFiltersOf(parseListSearch({ status: 'scheduled', customer: '7' }))).toEqual({
      search: '',
      status: ['scheduled'],
      from: '',
      to: '',
      sort: '-RequestedShipDate',
      customerId: 7,
    });
  });

  it('writes a clean URL: no empty filters, no default sort', () => {
    expect(
      searchOf(
        { search: '  ', status: [], from: '', to: '', sort: '-OrderNumber' },
        '-OrderNumber',
      ),
    ).toEqual({});
    expect(
      searchOf(
        { search: 'x', status: ['Ready', 'Shipped'], from: '2026-01-01', to: '', sort: 'PoNumber' },
        '-OrderNumber',
      ),
    ).toEqual({ q: 'x', status: 'Ready,Shipped', from: '2026-01-01', sort: 'PoNumber' });
  });

  it('tells whether anything but the sort is chosen', () => {
    expect(isFiltered(orderFiltersOf({ sort: 'PoNumber' }), NO_ORDER_FILTERS)).toBe(false);
    expect(isFiltered(orderFiltersOf({ status: 'Ready' }), NO_ORDER_FILTERS)).toBe(true);
    expect(isFiltered(orderFiltersOf({ to: '2026-03-01' }), NO_ORDER_FILTERS)).toBe(true);
    expect(isFiltered(releaseFiltersOf({}), NO_RELEASE_FILTERS)).toBe(false);
    expect(isFiltered(releaseFiltersOf({ customer: 7 }), NO_RELEASE_FILTERS)).toBe(true);
  });
});
