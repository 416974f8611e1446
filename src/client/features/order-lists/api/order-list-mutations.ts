/**
 * Saving a new order list (`POST /api/db/order-lists`), changing its name or lines (`PUT …/{id}`)
 * and deleting it (`DELETE …/{id}`): each loads the customer's lists again when it settles.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderListRowSchema,
  type OrderListCreateInput,
  type OrderListUpdateInput,
} from '../../../../shared/schemas/order-list';
import { apiFetch } from '../../../lib/api-client';
import { fetchOne } from '../../../lib/api-read';
import { orderListKeys } from '../../../lib/order-keys';

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
