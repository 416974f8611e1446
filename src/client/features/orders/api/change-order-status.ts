/** `POST /api/db/orders/:id/status` with `If-Match`: confirm, start production, cancel, close. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema } from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface OrderStatusChangeVars {
  orderId: number;
  version: number;
  status: OrderStatus;
  note: string;
  /** Staff confirming: the promised ship date per line (a line left out gets the requested date). */
  promisedDates?: Array<{ OrderLineId: number; PromisedShipDate: string }>;
}

export function changeOrderStatus({
  orderId,
  version,
  status,
  note,
  promisedDates,
}: OrderStatusChangeVars) {
  return fetchOne(orderDetailSchema, `/api/db/orders/${orderId}/status`, {
    method: 'POST',
    ifMatch: version,
    body: JSON.stringify({
      Status: status,
      Note: note,
      ...(promisedDates ? { PromisedDates: promisedDates } : {}),
    }),
  });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
