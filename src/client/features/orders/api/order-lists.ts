/**
 * Saved order lists (`/api/db/order-lists`) and an order's lines to order again. Keyed under the
 * customer's orders, so every order mutation's invalidation (`orderKeys.all`) refreshes them too.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  orderListLineSchema,
  orderListRowSchema,
  type OrderListCreateInput,
  type OrderListUpdateInput,
} from '../../../../shared/schemas/order-list';
import { apiFetch } from '../../../lib/api-client';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from './keys';

export const orderListKeys = {
  all: (customerId: number | null) => [...orderKeys.customer(customerId), 'lists'] as const,
  again: (customerId: number | null, orderId: number) =>
    [...orderKeys.customer(customerId), 'order-again', orderId] as const,
};

const listsAnswer = z.object({ data: z.array(orderListRowSchema) });
const linesAnswer = z.object({ data: z.array(orderListLineSchema) });

export function getOrderListsQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderListKeys.all(customerId),
    queryFn: async ({ signal }) =>
      listsAnswer.parse(await apiFetch('/api/db/order-lists', { signal })).data,
  });
}

export const useOrderLists = (customerId: number | null) =>
  useQuery(getOrderListsQueryOptions(customerId));

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

export function useOrderListMutations(customerId: number | null) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    queryClient.invalidateQueries({ queryKey: orderListKeys.all(customerId) });
  const create = useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
    }: {
      input: OrderListCreateInput;
      idempotencyKey: string;
    }) =>
      fetchOne(orderListRowSchema, '/api/db/order-lists', {
        method: 'POST',
        idempotencyKey,
        body: JSON.stringify(input),
      }),
    onSettled,
  });
  const update = useMutation({
    mutationFn: ({
      id,
      version,
      input,
    }: {
      id: number;
      version: number;
      input: OrderListUpdateInput;
    }) =>
      fetchOne(orderListRowSchema, `/api/db/order-lists/${id}`, {
        method: 'PUT',
        ifMatch: version,
        body: JSON.stringify(input),
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      apiFetch(`/api/db/order-lists/${id}`, { method: 'DELETE', ifMatch: version }),
    onSettled,
  });
  return { create, update, remove };
}
