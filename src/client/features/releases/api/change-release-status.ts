/** `POST /api/db/orders/:id/releases/:releaseId/status` with `If-Match`: schedule or cancel. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  releaseRowSchema,
  type ReleaseRow,
  type ReleaseStatusChange,
} from '../../../../shared/schemas/order';
import type { ReleaseStatus } from '../../../../shared/status';
import { fetchOne } from '../../../lib/api-read';
import { apiRoute, type Rows } from '../../../lib/api-route';
import { orderKeys } from '../../../lib/order-keys';

export const changeReleaseStatusRoute = apiRoute(
  'POST',
  '/api/db/orders/:id/releases/:releaseId/status',
)
  .sends<ReleaseStatusChange>()
  .answers<Rows<ReleaseRow>>();

export interface ReleaseStatusVars {
  orderId: number;
  releaseId: number;
  version: number;
  status: ReleaseStatus;
}

export function changeReleaseStatus({ orderId, releaseId, version, status }: ReleaseStatusVars) {
  return fetchOne(releaseRowSchema, changeReleaseStatusRoute, {
    params: { id: orderId, releaseId },
    ifMatch: version,
    body: { Status: status },
  });
}

export function useChangeReleaseStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReleaseStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
