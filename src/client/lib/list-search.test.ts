import { describe, expect, it } from 'vitest';
import { parseListSearch, searchOf } from './list-search';

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
  });

  it('keeps the late filter in the URL as late=true, and only that', () => {
    expect(parseListSearch({ late: 'true' })).toEqual({ late: true });
    expect(parseListSearch({ late: 'yes' })).toEqual({});
    expect(
      searchOf(
        { search: '', status: [], from: '', to: '', late: true, sort: '-OrderNumber' },
        '-OrderNumber',
      ),
    ).toEqual({ late: true });
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
});
