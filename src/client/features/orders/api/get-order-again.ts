/**
 * `GET /api/db/order-lists/order-again/{id}`: an order's lines to order again (served beside the
 * saved lists, whose lines it shares the shape of). Keyed under the customer's orders
 * (lib/order-keys.ts), so every order mutation's invalidation (`orderKeys.all`) refreshes it too.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { orderListLineSchema } from '../../../../shared/schemas/order-list';
import { apiFetch } from '../../../lib/api-client';
import { orderListKeys } from '../../../lib/order-keys';

const linesAnswer = z.object({ data: z.array(orderListLineSchema) });

/** An order's lines as a new order takes them, each saying whether it can still be ordered. */
export function getOrderAgainQueryOptions(customerId: number | null, orderId: number) {
  return queryOptions({
    queryKey: orderListKeys.again(customerId, orderId),
    queryFn: async ({ signal }) =>
      linesAnswer.parse(await apiFetch(`/api/db/order-lists/order-again/${orderId}`, { signal }))
        .data,
    staleTime: 60_000,
  });
}
