/** `POST /api/db/orders/:id/status` with `If-Match`: confirm, start production, cancel, close. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema } from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { fetchOne } from '../../../lib/api-client';
import { orderKeys } from './keys';

export interface OrderStatusChangeVars {
  orderId: number;
  version: number;
  status: OrderStatus;
  note: string;
}

export function changeOrderStatus({ orderId, version, status, note }: OrderStatusChangeVars) {
  return fetchOne(orderDetailSchema, `/api/db/orders/${orderId}/status`, {
    method: 'POST',
    ifMatch: version,
    body: JSON.stringify({ Status: status, Note: note }),
  });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
