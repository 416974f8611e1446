/** `POST /api/db/orders/:id/status` with `If-Match`: confirm, start production, cancel, close. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../shared/status';
import { apiFetch } from '../../../lib/api-client';
import { orderAnswerSchema } from './get-order';
import { orderKeys } from './keys';

export interface OrderStatusChangeVars {
  orderId: number;
  version: number;
  status: OrderStatus;
  note: string;
}

export async function changeOrderStatus({ orderId, version, status, note }: OrderStatusChangeVars) {
  const body = await apiFetch(`/api/db/orders/${orderId}/status`, {
    method: 'POST',
    headers: { 'If-Match': String(version) },
    body: JSON.stringify({ Status: status, Note: note }),
  });
  return orderAnswerSchema.parse(body);
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
