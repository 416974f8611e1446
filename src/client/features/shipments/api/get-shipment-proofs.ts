/** `GET /api/db/shipments/:id/proofs`: a shipment's proofs of delivery, newest (current) first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { proofRowSchema } from '../../../../shared/proof';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-keys';

const proofsAnswer = z.object({ data: z.array(proofRowSchema) });

export async function getShipmentProofs(shipmentId: number, signal?: AbortSignal) {
  const body = await apiFetch(`/api/db/shipments/${shipmentId}/proofs`, { signal: signal ?? null });
  return proofsAnswer.parse(body).data;
}

export function getShipmentProofsQueryOptions(customerId: number | null, shipmentId: number) {
  return queryOptions({
    queryKey: orderKeys.shipmentProofs(customerId, shipmentId),
    queryFn: ({ signal }) => getShipmentProofs(shipmentId, signal),
  });
}

export function useShipmentProofs(customerId: number | null, shipmentId: number) {
  return useQuery(getShipmentProofsQueryOptions(customerId, shipmentId));
}
