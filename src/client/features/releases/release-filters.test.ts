import { describe, expect, it } from 'vitest';
import { isFiltered, parseListSearch } from '../../lib/list-search';
import { NO_RELEASE_FILTERS, releaseFiltersOf } from './release-filters';

describe('the release list filters in the URL', () => {
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

  it('tells whether anything but the sort is chosen', () => {
    expect(isFiltered(releaseFiltersOf({}), NO_RELEASE_FILTERS)).toBe(false);
    expect(isFiltered(releaseFiltersOf({ customer: 7 }), NO_RELEASE_FILTERS)).toBe(true);
  });
});
