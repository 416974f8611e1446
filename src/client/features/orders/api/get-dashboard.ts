/** `GET /api/db/dashboard` for the buyer's today, so "this week" is the buyer's week. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '../../../../shared/schemas/dashboard';
import { fetchOne } from '../../../lib/api-read';
import { dashboardPath } from './dashboard-path';
import { orderKeys } from './keys';

export function getDashboard(signal?: AbortSignal) {
  return fetchOne(dashboardSchema, dashboardPath(), { signal: signal ?? null });
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
