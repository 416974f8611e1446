/**
 * Calendar dates (`YYYY-MM-DD`) such as a quote request's needed-by date or a quote's valid-until
 * date: days a person picks on their own calendar, not instants.
 *
 * The portal has no time zone of its own and its users sit in several. A day therefore counts as
 * past only once it has ended everywhere, i.e. in the last time zone (UTC−12): "today" picked in
 * any zone is never refused as past, and a quote valid until a day stays valid until that day is
 * over for every buyer. The server and the screens use the same rule.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 3_600_000;

/** True for a real day written `YYYY-MM-DD` (so `2025-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether the day `date` has ended in every time zone at `now`. */
export function hasDayPassed(date: string, now: Date = new Date()): boolean {
  // The day ends at 24:00 UTC−12, which is 12:00 UTC of the next day.
  const endEverywhere = Date.parse(`${date}T00:00:00Z`) + 36 * HOUR;
  return now.getTime() >= endEverywhere;
}

/**
 * The day `days` after `date` (negative: before), counted on the days themselves (through UTC,
 * which has no daylight-saving shifts), so a clock change never moves a date.
 */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR;
  return new Date(time).toISOString().slice(0, 10);
}

/** The Monday of the week `date` falls in: weeks run Monday to Sunday. */
export function startOfWeek(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** Today on the calendar of this machine's time zone (the browser's, on a screen). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today on the UTC calendar: the same on every machine at one moment, for bounds both sides must
 * draw alike (how far ahead a quote's dates may lie) and for data dated in UTC (the demo story).
 */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
