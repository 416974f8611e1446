/** `POST /api/db/orders` with an Idempotency-Key, so a retried submit never places a second order. */
import { orderDetailSchema, type OrderCreateInput } from '../../../../shared/schemas/order';
import { oneRowOf } from '../../../lib/api-read';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit } from '../../../lib/use-outbox-submit';
import { orderKeys } from '../../../lib/order-keys';

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
    parse: (answer) => oneRowOf(orderDetailSchema).parse(answer),
    invalidates: orderKeys.all,
  });
  const place = ({ uid, customerId, input, idempotencyKey, edit }: PlaceOrder) =>
    submit.mutateAsync({
      uid,
      idempotencyKey,
      entry: {
        kind: 'order',
        label: `Order, PO ${input.PoNumber}`,
        path: '/api/db/orders',
        body: input,
        customerId,
        edit,
      },
    });
  return { place, isPending: submit.isPending };
}
