/**
 * `POST /api/db/orders/:id/releases` through the outbox (lib/use-outbox-form.ts), with an
 * Idempotency-Key: release on-hand inventory, or queue the release when there is no connection.
 */
import {
  releaseRowSchema,
  type ReleaseCreateInput,
  type ReleaseRow,
} from '../../../../shared/schemas/order';
import { rowsOf } from '../../../lib/api-read';
import { apiRoute, outboxPost, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';
import type { OutboxCreate } from '../../../lib/use-outbox-form';

/** One release per line asked for: `{ data: [release, …] }`. */
export const createReleaseRoute = apiRoute('POST', '/api/db/orders/:id/releases')
  .sends<ReleaseCreateInput>()
  .answers<Rows<ReleaseRow>>();

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
    ...outboxPost(
      createReleaseRoute,
      { params: { id: orderId }, body: input },
      rowsOf(releaseRowSchema),
    ),
    customerId,
    invalidates: orderKeys.all,
  };
}
