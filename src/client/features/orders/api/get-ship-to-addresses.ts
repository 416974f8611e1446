/**
 * `GET /api/db/addresses`: the ship-to address book of the customer in effect, which the order
 * form picks from. Loaded with the form's other data and kept like the catalog, so the form
 * still offers the addresses offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressRowSchema, type AddressRow } from '../../../../shared/schemas/address';
import { fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const getShipToAddressesRoute = apiRoute('GET', '/api/db/addresses').answers<
  Rows<AddressRow>
>();

export function getShipToAddresses(signal?: AbortSignal) {
  return fetchRows(addressRowSchema, getShipToAddressesRoute, { signal: signal ?? null });
}

export function getShipToAddressesQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderKeys.shipToAddresses(customerId),
    queryFn: ({ signal }) => getShipToAddresses(signal),
    staleTime: 5 * 60_000,
  });
}

export function useShipToAddresses(customerId: number | null) {
  return useQuery(getShipToAddressesQueryOptions(customerId));
}
