import { describe, expect, it } from 'vitest';
import { ACTIVE_FILTERS, CATALOG_SORTS } from '../../shared/list-options';
import { activeFilterSchema, sortSchema } from '../../shared/schemas/fields';
import { idParamSchema, idSchema } from '../../shared/schemas/common';
import { adminListSearch, allowedValue, cleanSearch, rowId, sortOf } from './search-params';

const values = [
  undefined,
  null,
  '',
  'true',
  'all',
  'nope',
  'item',
  '-item',
  '--item',
  'Item',
  0,
  1,
];

describe('search parameters read as the schemas read them', () => {
  it('allowedValue takes what the Active filter schema takes', () => {
    for (const value of values.filter((v) => v !== undefined))
      expect(allowedValue(value, ACTIVE_FILTERS) !== undefined).toBe(
        activeFilterSchema.safeParse(value).success,
      );
  });

  it('sortOf takes what the sort schema takes', () => {
    const schema = sortSchema(CATALOG_SORTS);
    for (const value of values.filter((v) => v !== undefined))
      expect(sortOf(value, CATALOG_SORTS) !== undefined).toBe(schema.safeParse(value).success);
  });

  it('rowId takes positive 32-bit integers, also as plain decimal text', () => {
    for (const value of [
      1,
      '42',
      2_147_483_647,
      0,
      -3,
      1.5,
      '7x',
      '',
      2_147_483_648,
      '0x10',
      ' 1',
    ]) {
      const parsed = (typeof value === 'string' ? idParamSchema : idSchema).safeParse(value);
      expect(rowId(value)).toBe(parsed.success ? parsed.data : undefined);
    }
    expect(rowId(null)).toBeUndefined();
    expect(rowId(true)).toBeUndefined();
    expect(rowId('1000', 1000)).toBe(1000);
    expect(rowId(1001, 1000)).toBeUndefined();
  });
});

describe('the admin lists share one reading and one writing of their URL', () => {
  it('adminListSearch keeps q, active and sort when they fit, and nothing else', () => {
    expect(
      adminListSearch({ q: 'box', active: 'all', sort: '-item', extra: 1 }, CATALOG_SORTS),
    ).toEqual({ q: 'box', active: 'all', sort: '-item' });
    expect(adminListSearch({ q: '', active: 'maybe', sort: 'nope' }, CATALOG_SORTS)).toEqual({});
  });

  it('cleanSearch leaves out what is empty or the default, and trims text', () => {
    expect(
      cleanSearch(
        { q: '  box ', customer: null, active: 'true', sort: '-item', role: 2 },
        { active: 'true', sort: 'item' },
      ),
    ).toEqual({ q: 'box', sort: '-item', role: 2 });
    expect(cleanSearch({ q: '   ', sort: 'item' }, { sort: 'item' })).toEqual({});
  });
});
