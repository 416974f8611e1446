/** `PUT /api/db/orders/:id/lines/:lineId/production` with the line's `If-Match` (staff). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { orderAnswerSchema } from './get-order';
import { orderKeys } from './keys';

export interface ProductionVars {
  orderId: number;
  lineId: number;
  version: number;
  qtyProduced: number;
}

export async function recordProduction({ orderId, lineId, version, qtyProduced }: ProductionVars) {
  const body = await apiFetch(`/api/db/orders/${orderId}/lines/${lineId}/production`, {
    method: 'PUT',
    headers: { 'If-Match': String(version) },
    body: JSON.stringify({ QtyProduced: qtyProduced }),
  });
  return orderAnswerSchema.parse(body);
}

export function useRecordProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProduction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
