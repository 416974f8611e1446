/** `PUT /api/db/orders/:id/lines/:lineId/promised-date` with the line's `If-Match` (staff). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema } from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface PromisedDateVars {
  orderId: number;
  lineId: number;
  version: number;
  promisedShipDate: string;
  reason: string;
}

export function changePromisedDate({
  orderId,
  lineId,
  version,
  promisedShipDate,
  reason,
}: PromisedDateVars) {
  return fetchOne(orderDetailSchema, `/api/db/orders/${orderId}/lines/${lineId}/promised-date`, {
    method: 'PUT',
    ifMatch: version,
    body: JSON.stringify({ PromisedShipDate: promisedShipDate, Reason: reason }),
  });
}

export function useChangePromisedDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePromisedDate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
