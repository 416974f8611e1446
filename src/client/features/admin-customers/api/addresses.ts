/**
 * A customer's ship-to address book as administrators manage it on the customer's edit page:
 * `GET /api/db/addresses?customerId=`, and its create (Idempotency-Key), update and delete (both
 * at the loaded Version, If-Match). Every write loads the book again, since making one address
 * the default changes another.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressRowSchema, type AddressWriteInput } from '../../../../shared/schemas/address';
import { apiFetch, apiPath } from '../../../lib/api-client';
import { fetchOne, fetchPage } from '../../../lib/api-read';
import { resourceKeys } from '../../../lib/queries';

export const addressKeys = resourceKeys('addresses');

export function getAddressBookQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: addressKeys.list({ customerId }),
    queryFn: async ({ signal }) =>
      (await fetchPage(addressRowSchema, apiPath('/api/db/addresses', { customerId }), { signal }))
        .data,
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
        await fetchOne(addressRowSchema, '/api/db/addresses', {
          method: 'POST',
          idempotencyKey: save.idempotencyKey,
          body: JSON.stringify(save.input),
        });
      } else if (save.kind === 'update') {
        await fetchOne(addressRowSchema, `/api/db/addresses/${save.id}`, {
          method: 'PUT',
          ifMatch: save.version,
          body: JSON.stringify(save.input),
        });
      } else {
        await apiFetch(`/api/db/addresses/${save.id}`, { method: 'DELETE', ifMatch: save.version });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
