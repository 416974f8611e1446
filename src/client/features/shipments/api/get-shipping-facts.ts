/**
 * `GET /api/db/catalog?active=all`, every page: what the catalog offered to the customer in effect
 * knows of each item's shipping (weight per unit, units per piece, freight class, NMFC number), by
 * item id, so the shipment form can propose a load's pieces, weight and class (src/shared/freight).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingFacts } from '../../../../shared/freight';
import { catalogItemRowSchema, type CatalogListRow } from '../../../../shared/schemas/catalog';
import { fetchPage } from '../../../lib/api-read';
import { apiRoute, type Page } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';
import { collectPages } from '../../../lib/queries';

export const getShippingFactsRoute = apiRoute('GET', '/api/db/catalog').answers<
  Page<CatalogListRow>
>();

export async function getShippingFacts(signal?: AbortSignal): Promise<Map<number, ShippingFacts>> {
  const { rows } = await collectPages(({ cursor, limit }) =>
    fetchPage(catalogItemRowSchema, getShippingFactsRoute, {
      query: { active: 'all', limit, cursor },
      signal: signal ?? null,
    }),
  );
  return new Map(
    rows.map((r) => [
      r.Id,
      {
        WeightLbPerUnit: r.WeightLbPerUnit,
        UnitsPerPiece: r.UnitsPerPiece,
        FreightClass: r.FreightClass,
        Nmfc: r.Nmfc,
      },
    ]),
  );
}

export function useShippingFacts(customerId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: orderKeys.shippingFacts(customerId),
      queryFn: ({ signal }) => getShippingFacts(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
