/**
 * The dashboard's request, `GET /api/db/dashboard` for the buyer's today (so "this week" is the
 * buyer's week), apart from its schema: the app asks for it as it starts (first-page.ts), before
 * zod and the dashboard's code have loaded.
 */
import { localToday } from '../../../../shared/calendar-date';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { apiRoute, pathOf, type Rows } from '../../../lib/api-route';

export const getDashboardRoute = apiRoute('GET', '/api/db/dashboard').answers<Rows<Dashboard>>();

/** The query of the dashboard asked for now. */
export const dashboardQuery = () => ({ today: localToday() });

export function dashboardPath(): string {
  return pathOf(getDashboardRoute, undefined, dashboardQuery());
}
