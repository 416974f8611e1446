/** `POST /api/db/orders/:id/releases/:releaseId/status` with `If-Match`: schedule or cancel. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseRowSchema } from '../../../../shared/schemas/order';
import type { ReleaseStatus } from '../../../../shared/status';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { oneRowOf } from './list-schema';

export interface ReleaseStatusVars {
  orderId: number;
  releaseId: number;
  version: number;
  status: ReleaseStatus;
}

export async function changeReleaseStatus({
  orderId,
  releaseId,
  version,
  status,
}: ReleaseStatusVars) {
  const body = await apiFetch(`/api/db/orders/${orderId}/releases/${releaseId}/status`, {
    method: 'POST',
    headers: { 'If-Match': String(version) },
    body: JSON.stringify({ Status: status }),
  });
  return oneRowOf(releaseRowSchema).parse(body);
}

export function useChangeReleaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReleaseStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
