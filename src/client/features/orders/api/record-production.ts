/** `PUT /api/db/orders/:id/lines/:lineId/production` with the line's `If-Match` (staff). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema } from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface ProductionVars {
  orderId: number;
  lineId: number;
  version: number;
  qtyProduced: number;
}

export function recordProduction({ orderId, lineId, version, qtyProduced }: ProductionVars) {
  return fetchOne(orderDetailSchema, `/api/db/orders/${orderId}/lines/${lineId}/production`, {
    method: 'PUT',
    ifMatch: version,
    body: JSON.stringify({ QtyProduced: qtyProduced }),
  });
}

export function useRecordProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProduction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
