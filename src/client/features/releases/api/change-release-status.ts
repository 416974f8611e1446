/** `POST /api/db/orders/:id/releases/:releaseId/status` with `If-Match`: schedule or cancel. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseRowSchema } from '../../../../shared/schemas/order';
import type { ReleaseStatus } from '../../../../shared/status';
import { fetchOne } from '../../../lib/api-read';
import { orderKeys } from '../../../lib/order-keys';

export interface ReleaseStatusVars {
  orderId: number;
  releaseId: number;
  version: number;
  status: ReleaseStatus;
}

export function changeReleaseStatus({ orderId, releaseId, version, status }: ReleaseStatusVars) {
  return fetchOne(releaseRowSchema, `/api/db/orders/${orderId}/releases/${releaseId}/status`, {
    method: 'POST',
    ifMatch: version,
    body: JSON.stringify({ Status: status }),
  });
}

export function useChangeReleaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReleaseStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
