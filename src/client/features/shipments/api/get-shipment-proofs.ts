/** `GET /api/db/shipments/:id/proofs`: a shipment's proofs of delivery, newest (current) first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { proofRowSchema, type ProofRow } from '../../../../shared/proof';
import { fetchRows } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const getShipmentProofsRoute = apiRoute('GET', '/api/db/shipments/:id/proofs').answers<
  Rows<ProofRow>
>();

export function getShipmentProofs(shipmentId: number, signal?: AbortSignal) {
  return fetchRows(proofRowSchema, getShipmentProofsRoute, {
    params: { id: shipmentId },
    signal: signal ?? null,
  });
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
