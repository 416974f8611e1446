/** `PUT /api/db/orders/:id/lines/:lineId/production` with the line's `If-Match` (staff). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderDetailSchema,
  type OrderDetail,
  type ProductionInput,
} from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const recordProductionRoute = apiRoute('PUT', '/api/db/orders/:id/lines/:lineId/production')
  .sends<ProductionInput>()
  .answers<Rows<OrderDetail>>();

export interface ProductionVars {
  orderId: number;
  lineId: number;
  version: number;
  qtyProduced: number;
}

export function recordProduction({ orderId, lineId, version, qtyProduced }: ProductionVars) {
  return fetchOne(orderDetailSchema, recordProductionRoute, {
    params: { id: orderId, lineId },
    ifMatch: version,
    body: { QtyProduced: qtyProduced },
  });
}

export function useRecordProduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordProduction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
