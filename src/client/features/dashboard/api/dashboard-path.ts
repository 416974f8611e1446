/**
 * The dashboard's request, `GET /api/db/dashboard` for the buyer's today (so "this week" is the
 * buyer's week), apart from its schema: the app asks for it as it starts (first-page.ts), before
 * zod and the dashboard's code have loaded.
 */
import { localToday } from '../../../../shared/calendar-date';
import { apiPath } from '../../../lib/api-client';

export function dashboardPath(): string {
  return apiPath('/api/db/dashboard', { today: localToday() });
}
