/** `PUT /api/db/orders/:id/lines/:lineId/promised-date` with the line's `If-Match` (staff). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderDetailSchema,
  type OrderDetail,
  type PromisedDateChangeInput,
} from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const changePromisedDateRoute = apiRoute(
  'PUT',
  '/api/db/orders/:id/lines/:lineId/promised-date',
)
  .sends<PromisedDateChangeInput>()
  .answers<Rows<OrderDetail>>();

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
  return fetchOne(orderDetailSchema, changePromisedDateRoute, {
    params: { id: orderId, lineId },
    ifMatch: version,
    body: { PromisedShipDate: promisedShipDate, Reason: reason },
  });
}

export function useChangePromisedDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePromisedDate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
