/**
 * One record shape per entity: the table, the API row and the write schema are written in three
 * places (Drizzle, zod, zod), so these type tests hold them to the same fields. A column added to
 * one and not the others fails the typecheck here.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { CatalogItemRow, CatalogItemUpdateInput } from '../../shared/schemas/catalog';
import type { CustomerRow } from '../../shared/schemas/customer';
import type { catalogItems, customers } from './schema';

/**
 * Fields the server owns: a write never names them. `ExternalId`, the record's number in the
 * plant's ERP, is written by the plant's system through the integration API only.
 */
type ServerOwned = 'Id' | 'CreatedDate' | 'LastUpdatedDate' | 'Version' | 'ExternalId';

describe('record shapes', () => {
  it('catalog item: table, row and write schema name the same fields', () => {
    expectTypeOf<keyof typeof catalogItems.$inferSelect>().toEqualTypeOf<keyof CatalogItemRow>();
    expectTypeOf<keyof CatalogItemUpdateInput>().toEqualTypeOf<
      Exclude<keyof CatalogItemRow, ServerOwned>
    >();
  });

  it('customer: the row is the table with its logo as one field', () => {
    expectTypeOf<keyof CustomerRow>().toEqualTypeOf<
      Exclude<keyof typeof customers.$inferSelect, 'Logo' | 'LogoType'> | 'CustomerLogo'
    >();
  });
});
