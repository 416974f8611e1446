/** `POST /api/db/orders/:id/status` with `If-Match`: confirm, start production, cancel, close. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderDetailSchema,
  type OrderDetail,
  type OrderStatusChange,
} from '../../../../shared/schemas/order';
import type { OrderStatus } from '../../../../shared/status';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const changeOrderStatusRoute = apiRoute('POST', '/api/db/orders/:id/status')
  .sends<OrderStatusChange>()
  .answers<Rows<OrderDetail>>();

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
  return fetchOne(orderDetailSchema, changeOrderStatusRoute, {
    params: { id: orderId },
    ifMatch: version,
    body: {
      Status: status,
      Note: note,
      ...(promisedDates ? { PromisedDates: promisedDates } : {}),
    },
  });
}

export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
