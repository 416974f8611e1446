/**
 * `POST /api/db/orders/:id/approval` with `If-Match`: one of the customer's approvers approves an
 * order that waits for approval, or rejects it with a reason.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  orderDetailSchema,
  type ApprovalDecision,
  type ApprovalDecisionInput,
  type OrderDetail,
} from '../../../../shared/schemas/order';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const decideApprovalRoute = apiRoute('POST', '/api/db/orders/:id/approval')
  .sends<ApprovalDecisionInput>()
  .answers<Rows<OrderDetail>>();

export interface ApprovalVars {
  orderId: number;
  version: number;
  decision: ApprovalDecision;
  reason: string;
}

export function decideApproval({ orderId, version, decision, reason }: ApprovalVars) {
  return fetchOne(orderDetailSchema, decideApprovalRoute, {
    params: { id: orderId },
    ifMatch: version,
    body: { Decision: decision, Reason: reason },
  });
}

export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
