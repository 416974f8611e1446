/** `GET /api/db/dashboard` for the buyer's today, so "this week" is the buyer's week. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, localToday } from '../../../../shared/schemas/order';
import { apiFetch } from '../../../lib/api-client';
import { orderKeys } from './keys';
import { oneRowOf } from './list-schema';

const dashboardAnswerSchema = oneRowOf(dashboardSchema);

export async function getDashboard(signal?: AbortSignal) {
  const body = await apiFetch(`/api/db/dashboard?today=${localToday()}`, {
    signal: signal ?? null,
  });
  return dashboardAnswerSchema.parse(body);
}

export function getDashboardQueryOptions(customerId: number | null) {
  return queryOptions({
    queryKey: orderKeys.dashboard(customerId),
    queryFn: ({ signal }) => getDashboard(signal),
  });
}

export function useDashboard(customerId: number | null) {
  return useQuery(getDashboardQueryOptions(customerId));
}
