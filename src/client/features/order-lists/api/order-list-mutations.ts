/**
 * Saving a new order list (`POST /api/db/order-lists`), changing its name or lines (`PUT …/{id}`)
 * and deleting it (`DELETE …/{id}`): each loads the customer's lists again when it settles.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderListRowSchema,
  type OrderListCreateInput,
  type OrderListRow,
  type OrderListUpdateInput,
} from '../../../../shared/schemas/order-list';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, callApi, type NoContent, type Rows } from '../../../lib/api-route';
import { orderListKeys } from '../../../lib/order-keys';

export const createOrderListRoute = apiRoute('POST', '/api/db/order-lists')
  .sends<OrderListCreateInput>()
  .answers<Rows<OrderListRow>>();
export const updateOrderListRoute = apiRoute('PUT', '/api/db/order-lists/:id')
  .sends<OrderListUpdateInput>()
  .answers<Rows<OrderListRow>>();
export const deleteOrderListRoute = apiRoute(
  'DELETE',
  '/api/db/order-lists/:id',
).answers<NoContent>();

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
    }) => fetchOne(orderListRowSchema, createOrderListRoute, { idempotencyKey, body: input }),
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
      fetchOne(orderListRowSchema, updateOrderListRoute, {
        params: { id },
        ifMatch: version,
        body: input,
      }),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      callApi(deleteOrderListRoute, { params: { id }, ifMatch: version }),
    onSettled,
  });
  return { create, update, remove };
}
