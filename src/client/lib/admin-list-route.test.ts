import { QueryClient, onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { CATALOG_SORTS } from '../../shared/list-options';
import type { ActiveFilter } from '../../shared/schemas/fields';
import { adminListRoute } from './admin-list-route';
import { rowId } from './search-params';

interface Filters {
  search: string;
  active: ActiveFilter;
  sort: 'item' | '-item' | 'created';
  customerId: number | 'none' | null;
}

const load = vi.fn(() => Promise.resolve());
const list = adminListRoute<Filters>({
  sorts: CATALOG_SORTS,
  defaults: { active: 'true', sort: 'item' },
  own: { customerId: ['customer', (value) => (value === 'none' ? 'none' : rowId(value))] },
});

describe('adminListRoute', () => {
  it('reads the URL forgivingly and fills in the defaults', () => {
    const search = list.validateSearch({ q: 'box', customer: '7', sort: 'nope', active: 'x' });
    expect(search).toEqual({ q: 'box', customer: 7 });
    expect(list.filtersOf(search)).toEqual({
      search: 'box',
      active: 'true',
      sort: 'item',
      customerId: 7,
    });
    expect(list.filtersOf(list.validateSearch({ customer: 'none' })).customerId).toBe('none');
    expect(list.filtersOf({}).customerId).toBeNull();
  });

  it('writes a clean URL back: defaults and empty filters are left out', () => {
    expect(
      list.searchOf({ search: ' box ', active: 'true', sort: '-item', customerId: null }),
    ).toEqual({ q: 'box', sort: '-item' });
    expect(list.searchOf({ search: '', active: 'all', sort: 'item', customerId: 'none' })).toEqual({
      active: 'all',
      customer: 'none',
    });
  });

  it('gives the router the filters as the loader depends on them, and loads that list', async () => {
    onlineManager.setOnline(true);
    const deps = list.loaderDeps({ search: list.validateSearch({ q: 'box', sort: 'nope' }) });
    expect(deps).toEqual({ search: 'box', active: 'true', sort: 'item', customerId: null });
    // Another sort is another list: the router runs the loader again for it.
    expect(
      list.loaderDeps({ search: list.validateSearch({ q: 'box', sort: '-item' }) }),
    ).not.toEqual(deps);
    const queryClient = new QueryClient();
    await list.load({ context: { queryClient }, deps, cause: 'enter' }, load);
    expect(load).toHaveBeenCalledWith(queryClient, deps);
  });
});
