/**
 * A customer's ship-to address book as administrators manage it on the customer's edit page:
 * `GET /api/db/addresses?customerId=`, and its create (Idempotency-Key), update and delete (both
 * at the loaded Version, If-Match). Every write loads the book again, since making one address
 * the default changes another.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addressRowSchema,
  type AddressRow,
  type AddressWriteInput,
} from '../../../../shared/schemas/address';
import { fetchOne, fetchRows } from '../../../lib/api-read';
import { apiRoute, callApi, type NoContent, type Rows } from '../../../lib/api-route';
import { resourceKeys } from '../../../lib/queries';

export const addressKeys = resourceKeys('addresses');

/** With `customerId`: that customer's book (staff). */
export const getAddressBookRoute = apiRoute('GET', '/api/db/addresses').answers<Rows<AddressRow>>();
export const createAddressRoute = apiRoute('POST', '/api/db/addresses')
  .sends<AddressWriteInput & { CustomerId: number }>()
  .answers<Rows<AddressRow>>();
export const updateAddressRoute = apiRoute('PUT', '/api/db/addresses/:id')
  .sends<AddressWriteInput>()
  .answers<Rows<AddressRow>>();
export const deleteAddressRoute = apiRoute('DELETE', '/api/db/addresses/:id').answers<NoContent>();

export function getAddressBookQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: addressKeys.list({ customerId }),
    queryFn: ({ signal }) =>
      fetchRows(addressRowSchema, getAddressBookRoute, { query: { customerId }, signal }),
  });
}

export const useAddressBook = (customerId: number) =>
  useQuery(getAddressBookQueryOptions(customerId));

export type AddressSave =
  | { kind: 'create'; input: AddressWriteInput & { CustomerId: number }; idempotencyKey: string }
  | { kind: 'update'; id: number; version: number; input: AddressWriteInput }
  | { kind: 'delete'; id: number; version: number };

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: AddressSave): Promise<void> => {
      if (save.kind === 'create') {
        await fetchOne(addressRowSchema, createAddressRoute, {
          idempotencyKey: save.idempotencyKey,
          body: save.input,
        });
      } else if (save.kind === 'update') {
        await fetchOne(addressRowSchema, updateAddressRoute, {
          params: { id: save.id },
          ifMatch: save.version,
          body: save.input,
        });
      } else {
        await callApi(deleteAddressRoute, { params: { id: save.id }, ifMatch: save.version });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
