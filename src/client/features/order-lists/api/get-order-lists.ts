/**
 * `GET /api/db/order-lists`: the saved order lists of the customer in effect. Keyed under the
 * customer's orders (lib/order-keys.ts), so every order mutation's invalidation (`orderKeys.all`)
 * refreshes them too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderListRowSchema } from '../../../../shared/schemas/order-list';
import { apiFetch } from '../../../lib/api-client';
import { orderListKeys } from '../../../lib/order-keys';

const listsAnswer = z.object({ data: z.array(orderListRowSchema) });

export function getOrderListsQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderListKeys.all(customerId),
    queryFn: async ({ signal }) =>
      listsAnswer.parse(await apiFetch('/api/db/order-lists', { signal })).data,
  });
}

export const useOrderLists = (customerId: number | null) =>
  useQuery(getOrderListsQueryOptions(customerId));
