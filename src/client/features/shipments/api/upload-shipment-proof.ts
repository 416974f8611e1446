/**
 * `POST /api/db/shipments/:id/proofs` with an Idempotency-Key (staff): the file itself is the
 * body, and the API decides its type by its bytes (src/shared/proof.ts), whatever it is called.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proofRowSchema } from '../../../../shared/proof';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface UploadShipmentProofVars {
  shipmentId: number;
  file: Blob;
  idempotencyKey: string;
}

export function uploadShipmentProof({ shipmentId, file, idempotencyKey }: UploadShipmentProofVars) {
  return fetchOne(proofRowSchema, `/api/db/shipments/${shipmentId}/proofs`, {
    method: 'POST',
    idempotencyKey,
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
  });
}

export function useUploadShipmentProof(customerId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadShipmentProof,
    onSettled: (_proof, _error, { shipmentId }) =>
      queryClient.invalidateQueries({ queryKey: orderKeys.shipmentProofs(customerId, shipmentId) }),
  });
}
