/**
 * `POST /api/db/shipments/:id/proofs` with an Idempotency-Key (staff): the file itself is the
 * body, and the API decides its type by its bytes (src/shared/proof.ts), whatever it is called.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proofRowSchema, type ProofRow } from '../../../../shared/proof';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

/** The file itself is the body. */
export const uploadShipmentProofRoute = apiRoute('POST', '/api/db/shipments/:id/proofs')
  .sends<Blob>()
  .answers<Rows<ProofRow>>();

export interface UploadShipmentProofVars {
  shipmentId: number;
  file: Blob;
  idempotencyKey: string;
}

export function uploadShipmentProof({ shipmentId, file, idempotencyKey }: UploadShipmentProofVars) {
  return fetchOne(proofRowSchema, uploadShipmentProofRoute, {
    params: { id: shipmentId },
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
