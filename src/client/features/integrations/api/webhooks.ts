/**
 * A system's webhook endpoints as administrators manage them on `/app/integrations`
 * (`/api/db/integration-clients/:id/webhooks…`, decision 040): the list, a new endpoint (whose
 * answer holds its secret, once), pause and resume, a secret's rotation and retirement, the
 * delivery log and "send again". Every write loads the system's endpoints again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  webhookDeliveryRowSchema,
  webhookEndpointRowSchema,
  webhookEndpointSecretSchema,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookEndpointSecret,
  type WebhookEndpointWriteInput,
} from '../../../../shared/schemas/webhooks';
import { fetchOne, fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';

const webhookKeys = {
  all: ['webhooks'] as const,
  of: (clientId: number) => ['webhooks', clientId] as const,
  log: (clientId: number, webhookId: number) => ['webhooks', clientId, 'log', webhookId] as const,
};

export const getWebhooksRoute = apiRoute('GET', '/api/db/integration-clients/:id/webhooks').answers<
  Rows<WebhookEndpointRow>
>();

export const createWebhookRoute = apiRoute('POST', '/api/db/integration-clients/:id/webhooks')
  .sends<WebhookEndpointWriteInput>()
  .answers<Rows<WebhookEndpointSecret>>();

export const updateWebhookRoute = apiRoute(
  'PUT',
  '/api/db/integration-clients/:id/webhooks/:webhookId',
)
  .sends<WebhookEndpointWriteInput>()
  .answers<Rows<WebhookEndpointRow>>();

export const rotateWebhookSecretRoute = apiRoute(
  'POST',
  '/api/db/integration-clients/:id/webhooks/:webhookId/rotate-secret',
).answers<Rows<WebhookEndpointSecret>>();

export const retireWebhookSecretRoute = apiRoute(
  'POST',
  '/api/db/integration-clients/:id/webhooks/:webhookId/retire-previous-secret',
).answers<Rows<WebhookEndpointRow>>();

export const getWebhookDeliveriesRoute = apiRoute(
  'GET',
  '/api/db/integration-clients/:id/webhooks/:webhookId/deliveries',
).answers<Rows<WebhookDeliveryRow>>();

export const sendWebhookAgainRoute = apiRoute(
  'POST',
  '/api/db/integration-clients/:id/webhooks/:webhookId/deliveries/:deliveryId/send-again',
).answers<Rows<WebhookDeliveryRow>>();

export const useWebhooks = (clientId: number) =>
  useQuery(
    queryOptions({
      queryKey: webhookKeys.of(clientId),
      queryFn: ({ signal }) =>
        fetchRows(webhookEndpointRowSchema, getWebhooksRoute, { params: { id: clientId }, signal }),
    }),
  );

export const useWebhookDeliveries = (clientId: number, webhookId: number) =>
  useQuery(
    queryOptions({
      queryKey: webhookKeys.log(clientId, webhookId),
      queryFn: ({ signal }) =>
        fetchRows(webhookDeliveryRowSchema, getWebhookDeliveriesRoute, {
          params: { id: clientId, webhookId },
          signal,
        }),
    }),
  );

/** Every change to a system's webhooks: each answers what the screen shows again. */
export function useWebhookChange(clientId: number) {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: webhookKeys.of(clientId) });
  const create = useMutation({
    mutationFn: (input: WebhookEndpointWriteInput) =>
      fetchOne(webhookEndpointSecretSchema, createWebhookRoute, {
        params: { id: clientId },
        body: input,
      }),
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: ({ webhookId, input }: { webhookId: number; input: WebhookEndpointWriteInput }) =>
      fetchOne(webhookEndpointRowSchema, updateWebhookRoute, {
        params: { id: clientId, webhookId },
        body: input,
      }),
    onSettled: settled,
  });
  const rotate = useMutation({
    mutationFn: (webhookId: number) =>
      fetchOne(webhookEndpointSecretSchema, rotateWebhookSecretRoute, {
        params: { id: clientId, webhookId },
      }),
    onSettled: settled,
  });
  const retire = useMutation({
    mutationFn: (webhookId: number) =>
      fetchOne(webhookEndpointRowSchema, retireWebhookSecretRoute, {
        params: { id: clientId, webhookId },
      }),
    onSettled: settled,
  });
  const sendAgain = useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
      fetchOne(webhookDeliveryRowSchema, sendWebhookAgainRoute, {
        params: { id: clientId, webhookId, deliveryId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
  return { create, update, rotate, retire, sendAgain };
}
