/**
 * `POST /api/db/orders/:id/releases` with an Idempotency-Key: release on-hand inventory, or queue
 * the release in the outbox when there is no connection.
 */
import { dataOf } from '../../../../shared/schemas/envelope';
import { releaseRowSchema, type ReleaseCreateInput } from '../../../../shared/schemas/order';
import type { OutboxEdit } from '../../../lib/outbox';
import { useOutboxSubmit } from '../../../lib/use-outbox-submit';
import { orderKeys } from '../../../lib/order-keys';

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
    // One release per line asked for: `{ data: [release, …] }`.
    parse: (answer) => dataOf(releaseRowSchema).parse(answer).data,
    invalidates: orderKeys.all,
  });
  const release = (vars: SubmitReleaseVars) =>
    submit.mutateAsync({
      uid: vars.uid,
      idempotencyKey: vars.idempotencyKey,
      entry: {
        kind: 'release',
        label: vars.label,
        path: `/api/db/orders/${vars.orderId}/releases`,
        body: vars.input,
        customerId: vars.customerId,
        edit: vars.edit,
      },
    });
  return { release, isPending: submit.isPending };
}
