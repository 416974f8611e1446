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
  type IntegrationClientRow,
  type IntegrationClientWriteInput,
  type IntegrationKeyCreated,
  type IntegrationKeyCreateInput,
} from '../../../../shared/schemas/integration-clients';
import { fetchOne, fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { resourceKeys } from '../../../lib/queries';

export const integrationClientKeys = resourceKeys('integration-clients');

export const getIntegrationClientsRoute = apiRoute('GET', '/api/db/integration-clients').answers<
  Rows<IntegrationClientRow>
>();

export const createIntegrationClientRoute = apiRoute('POST', '/api/db/integration-clients')
  .sends<IntegrationClientWriteInput>()
  .answers<Rows<IntegrationClientRow>>();

export const updateIntegrationClientRoute = apiRoute('PUT', '/api/db/integration-clients/:id')
  .sends<IntegrationClientWriteInput>()
  .answers<Rows<IntegrationClientRow>>();

export const createIntegrationKeyRoute = apiRoute('POST', '/api/db/integration-clients/:id/keys')
  .sends<IntegrationKeyCreateInput>()
  .answers<Rows<IntegrationKeyCreated>>();

export const revokeIntegrationKeyRoute = apiRoute(
  'POST',
  '/api/db/integration-clients/:id/keys/:keyId/revoke',
).answers<Rows<IntegrationClientRow>>();

export function getIntegrationClientsQueryOptions() {
  return queryOptions({
    queryKey: integrationClientKeys.lists(),
    queryFn: async ({ signal }) =>
      fetchRows(integrationClientRowSchema, getIntegrationClientsRoute, { signal }),
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
        ? fetchOne(integrationClientRowSchema, createIntegrationClientRoute, {
            idempotencyKey: save.idempotencyKey,
            body: save.input,
          })
        : fetchOne(integrationClientRowSchema, updateIntegrationClientRoute, {
            params: { id: save.id },
            ifMatch: save.version,
            body: save.input,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}

/** A new key: the answer is the one place its secret ever appears. */
export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, input }: { clientId: number; input: IntegrationKeyCreateInput }) =>
      fetchOne(integrationKeyCreatedSchema, createIntegrationKeyRoute, {
        params: { id: clientId },
        body: input,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, keyId }: { clientId: number; keyId: number }) =>
      fetchOne(integrationClientRowSchema, revokeIntegrationKeyRoute, {
        params: { id: clientId, keyId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientKeys.all }),
  });
}
