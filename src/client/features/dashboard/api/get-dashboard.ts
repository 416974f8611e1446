/** `GET /api/db/dashboard` for the buyer's today, so "this week" is the buyer's week. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { dashboardShape } from '../../../lib/answer-shapes.gen';
import { fetchOne } from '../../../lib/api-read';
import { shapeReader } from '../../../lib/json-shape';
import { dashboardQuery, getDashboardRoute } from './dashboard-path';
import { orderKeys } from '../../../lib/order-keys';

// Read without zod: the dashboard is the first page (docs/decisions/025).
const dashboardRow = shapeReader<Dashboard>(dashboardShape);

export function getDashboard(signal?: AbortSignal) {
  return fetchOne(dashboardRow, getDashboardRoute, {
    query: dashboardQuery(),
    signal: signal ?? null,
  });
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
