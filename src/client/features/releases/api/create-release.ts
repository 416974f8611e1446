/**
 * `POST /api/db/orders/:id/releases` with an Idempotency-Key: release on-hand inventory, or queue
 * the release in the outbox when there is no connection.
 */
import {
  releaseRowSchema,
  type ReleaseCreateInput,
  type ReleaseRow,
} from '../../../../shared/schemas/order';
import { rowsOf } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit } from '../../../lib/use-outbox-submit';
import { orderKeys } from '../../../lib/order-keys';

/** One release per line asked for: `{ data: [release, …] }`. */
export const createReleaseRoute = apiRoute('POST', '/api/db/orders/:id/releases')
  .sends<ReleaseCreateInput>()
  .answers<Rows<ReleaseRow>>();

export interface SubmitReleaseVars {
  uid: string;
  customerId: number | null;
  orderId: number;
  input: ReleaseCreateInput;
  idempotencyKey: string;
  /** What the person sees in the outbox while it waits. */
  label: string;
  /** The form to take it up again in if the server refuses it after a wait in the outbox. */
  edit: OutboxEdit;
}

export function useSubmitRelease() {
  const submit = useOutboxSubmit({
    route: createReleaseRoute,
    read: rowsOf(releaseRowSchema),
    invalidates: orderKeys.all,
  });
  const release = (vars: SubmitReleaseVars) =>
    submit.mutateAsync({
      uid: vars.uid,
      idempotencyKey: vars.idempotencyKey,
      entry: { kind: 'release', label: vars.label, customerId: vars.customerId, edit: vars.edit },
      request: { params: { id: vars.orderId }, body: vars.input },
    });
  return { release, isPending: submit.isPending };
}
