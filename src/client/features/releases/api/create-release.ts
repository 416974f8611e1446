/**
 * `POST /api/db/orders/:id/releases` through the outbox (lib/use-outbox-form.ts), with an
 * Idempotency-Key: release on-hand inventory, or queue the release when there is no connection.
 */
import { dataOf } from '../../../../shared/schemas/envelope';
import {
  releaseRowSchema,
  type ReleaseCreateInput,
  type ReleaseRow,
} from '../../../../shared/schemas/order';
import { orderKeys } from '../../../lib/order-keys';
import type { OutboxCreate } from '../../../lib/use-outbox-form';

export function createRelease({
  orderId,
  orderNumber,
  input,
  customerId,
}: {
  orderId: number;
  orderNumber: number;
  input: ReleaseCreateInput;
  customerId: number | null;
}): OutboxCreate<ReleaseCreateInput, ReleaseRow[]> {
  return {
    kind: 'release',
    label: `Release, order ${orderNumber}`,
    path: `/api/db/orders/${orderId}/releases`,
    body: input,
    customerId,
    // One release per line asked for: `{ data: [release, …] }`.
    parse: (answer) => dataOf(releaseRowSchema).parse(answer).data,
    invalidates: orderKeys.all,
  };
}
