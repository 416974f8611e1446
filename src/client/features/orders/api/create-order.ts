/**
 * `POST /api/db/orders` through the outbox (lib/use-outbox-form.ts), with an Idempotency-Key, so
 * a retried submit never places a second order.
 */
import {
  orderDetailSchema,
  type OrderCreateInput,
  type OrderDetail,
} from '../../../../shared/schemas/order';
import { oneRowOf } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';
import type { OutboxCreate } from '../../../lib/use-outbox-form';

/** An order for the customer it is placed for (staff act on behalf of the selected one). */
export function createOrder(
  input: OrderCreateInput,
  customerId: number | null,
): OutboxCreate<OrderCreateInput, OrderDetail> {
  return {
    kind: 'order',
    label: `Order, PO ${input.PoNumber}`,
    path: '/api/db/orders',
    body: input,
    customerId,
    parse: (answer) => oneRowOf(orderDetailSchema).parse(answer),
    invalidates: orderKeys.all,
  };
}
