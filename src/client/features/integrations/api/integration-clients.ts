/**
 * Integration clients and their API keys as administrators manage them on `/app/integrations`:
 * `GET /api/db/integration-clients`, a client's create (Idempotency-Key) and update (If-Match), a
 * new key (whose answer holds its secret, once) and a key's revocation. Every write loads the list
 * again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationClientRowSchema,
  integrationKeyCreatedSchema,
  type IntegrationClientWriteInput,
  type IntegrationKeyCreateInput,
} from '../../../../shared/schemas/integration-clients';
import { fetchOne, fetchPage } from '../../../lib/api-read';
import { resourceKeys } from '../../../lib/queries';

export const integrationClientKeys = resourceKeys('integration-clients');

export function getIntegrationClientsQueryOptions() {
  return queryOptions({
    queryKey: integrationClientKeys.lists(),
    queryFn: async ({ signal }) =>
      (await fetchPage(integrationClientRowSchema, '/api/db/integration-clients', { signal })).data,
  });
}

export const useIntegrationClients = () => useQuery(getIntegrationClientsQueryOptions());

export type ClientSave =
  | { kind: 'create'; input: IntegrationClientWriteInput; idempotencyKey: string }
  | { kind: 'update'; id: number; version: number; input: IntegrationClientWriteInput };

export function useSaveIntegrationClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ClientSave) =>
      save.kind === 'create'
        ? fetchOne(integrationClientRowSchema, '/api/db/integration-clients', {
            method: 'POST',
            idempotencyKey: save.idempotencyKey,
            body: JSON.stringify(save.input),
          })
        : fetchOne(integrationClientRowSchema, `/api/db/integration-clients/${save.id}`, {
            method: 'PUT',
            ifMatch: save.version,
            body: JSON.stringify(save.input),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}

/** A new key: the answer is the one place its secret ever appears. */
export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, input }: { clientId: number; input: IntegrationKeyCreateInput }) =>
      fetchOne(integrationKeyCreatedSchema, `/api/db/integration-clients/${clientId}/keys`, {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, keyId }: { clientId: number; keyId: number }) =>
      fetchOne(
        integrationClientRowSchema,
        `/api/db/integration-clients/${clientId}/keys/${keyId}/revoke`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}
