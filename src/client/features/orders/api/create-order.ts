/** `POST /api/db/orders` with an Idempotency-Key, so a retried submit never places a second order. */
import {
  orderDetailSchema,
  type OrderCreateInput,
  type OrderDetail,
} from '../../../../shared/schemas/order';
import { oneRowOf } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit } from '../../../lib/use-outbox-submit';
import { orderKeys } from '../../../lib/order-keys';

export const createOrderRoute = apiRoute('POST', '/api/db/orders')
  .sends<OrderCreateInput>()
  .answers<Rows<OrderDetail>>();

export interface PlaceOrder {
  uid: string;
  /** The customer the order is for (staff act on behalf of the selected one). */
  customerId: number | null;
  input: OrderCreateInput;
  idempotencyKey: string;
  /** The form to take it up again in if the server refuses it after a wait in the outbox. */
  edit: OutboxEdit;
}

/** Places an order, or queues it in the outbox when there is no connection. */
export function useSubmitOrder() {
  const submit = useOutboxSubmit({
    route: createOrderRoute,
    read: oneRowOf(orderDetailSchema),
    invalidates: orderKeys.all,
  });
  const place = ({ uid, customerId, input, idempotencyKey, edit }: PlaceOrder) =>
    submit.mutateAsync({
      uid,
      idempotencyKey,
      entry: { kind: 'order', label: `Order, PO ${input.PoNumber}`, customerId, edit },
      request: { body: input },
    });
  return { place, isPending: submit.isPending };
}
