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
import { apiRoute, outboxPost, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';
import type { OutboxCreate } from '../../../lib/use-outbox-form';

export const createOrderRoute = apiRoute('POST', '/api/db/orders')
  .sends<OrderCreateInput>()
  .answers<Rows<OrderDetail>>();

/** An order for the customer it is placed for (staff act on behalf of the selected one). */
export function createOrder(
  input: OrderCreateInput,
  customerId: number | null,
): OutboxCreate<OrderCreateInput, OrderDetail> {
  return {
    kind: 'order',
    label: `Order, PO ${input.PoNumber}`,
    ...outboxPost(createOrderRoute, { body: input }, oneRowOf(orderDetailSchema)),
    customerId,
    invalidates: orderKeys.all,
  };
}
