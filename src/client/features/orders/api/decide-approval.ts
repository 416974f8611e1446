/**
 * `POST /api/db/orders/:id/approval` with `If-Match`: one of the customer's approvers approves an
 * order that waits for approval, or rejects it with a reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderDetailSchema, type ApprovalDecision } from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface ApprovalVars {
  orderId: number;
  version: number;
  decision: ApprovalDecision;
  reason: string;
}

export function decideApproval({ orderId, version, decision, reason }: ApprovalVars) {
  return fetchOne(orderDetailSchema, `/api/db/orders/${orderId}/approval`, {
    method: 'POST',
    ifMatch: version,
    body: JSON.stringify({ Decision: decision, Reason: reason }),
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
