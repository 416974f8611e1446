/**
 * The portal's calendar: days written `YYYY-MM-DD` (a requested ship date, a release's date, a
 * quote's needed-by and valid-until dates, a quick order's row dates), which people pick on
 * their own calendar and which are days, not instants. Every date rule the screens and the API
 * both apply lives here, so they agree; the zod schemas built on it are in `schemas/fields.ts`.
 * No zod here: the dashboard's first load reads this module (docs/decisions/025).
 *
 * **Not in the past.** The portal has no time zone of its own: its people sit in several, and its
 * server in yet another. A day therefore counts as past only once it has ended everywhere, that is
 * in the last time zone (UTC−12). So a day a person picks on their own calendar is never refused
 * as past while it is still that day somewhere: "today" is accepted in every zone, whichever zone
 * the server runs in, and a form checked on the screen a minute before midnight is not refused by
 * the server a minute after. A quote valid until a day likewise stays valid until that day is over
 * for every buyer. The rule reads an instant, not a calendar, so the browser and the server give
 * the same answer at the same moment wherever they run. The price is some leniency in the early
 * zones (at UTC+14 the day before stays open all day), which costs the plant nothing: a date
 * picker still starts at the person's own today, which the rule always accepts.
 *
 * Adding days works on the days themselves (through UTC, which has no daylight-saving shifts), so
 * a month's end, a leap day or a clock change never moves a date by more or less than asked.
 */

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The one message of a date that must not be past, wherever it is checked. */
export const PAST_DATE_MESSAGE = 'Choose today or a later date.';

/** A day's form, `YYYY-MM-DD`, whether or not the day exists. */
export const CALENDAR_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real day written `YYYY-MM-DD` (so `2025-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  const match = PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whether the day `date` is past: it has ended in every time zone at `now` (see above). The rule
 * of every date that must not be past, and of a quote's prices that are valid until a day.
 */
export function hasDayPassed(date: string, now: Date = new Date()): boolean {
  return now.getTime() >= dayEndsEverywhere(date).getTime();
}

/**
 * The instant the day `date` has ended in every time zone: 24:00 UTC−12, which is 12:00 UTC of the
 * next day. What "until that day" means for anything that stops at a day (an API key's expiry).
 */
export function dayEndsEverywhere(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY + 12 * HOUR);
}

/** The day `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from calendar day `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The Monday of the week `date` falls in: weeks run Monday to Sunday. */
export function startOfWeek(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The first and last day of the calendar month `date` falls in. */
export function monthOf(date: string): { first: string; last: string } {
  const first = `${date.slice(0, 7)}-01`;
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { first, last: addDays(next, -1) };
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
