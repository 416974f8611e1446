import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAST_DATE_MESSAGE,
  addDays,
  hasDayPassed,
  isCalendarDate,
  localToday,
  monthOf,
  startOfWeek,
  utcToday,
} from './calendar-date';
import { calendarDateSchema, notPastDateSchema } from './schemas/fields';

const HOUR = 3_600_000;

const calendars = new Map<string, Intl.DateTimeFormat>();
/** The day it is at `now` in the time zone `timeZone`, as the people there read their calendar. */
function dayIn(timeZone: string, now: Date): string {
  let calendar = calendars.get(timeZone);
  if (!calendar) {
    // en-CA writes a day as YYYY-MM-DD.
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone });
    calendars.set(timeZone, calendar);
  }
  return calendar.format(now);
}

/** Zones from the first to the last, with daylight saving in both hemispheres and odd offsets. */
const ZONES = [
  'Pacific/Kiritimati', // UTC+14, the first to start a day
  'Pacific/Auckland', // +12/+13, daylight saving from late September to early April
  'Pacific/Chatham', // +12:45/+13:45
  'Asia/Kathmandu', // +5:45
  'Europe/Berlin', // +1/+2, daylight saving from late March to late October
  'UTC',
  'America/St_Johns', // −3:30/−2:30
  'America/Chicago', // −6/−5, daylight saving from March to November
  'Pacific/Pago_Pago', // −11
  'Etc/GMT+12', // UTC−12, the last to end a day
];

/** Every half hour from `from` for `hours` hours. */
function instants(from: string, hours: number): Date[] {
  const start = Date.parse(from);
  return Array.from({ length: hours * 2 }, (_, i) => new Date(start + i * HOUR * 0.5));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a real calendar date', () => {
  it('is written YYYY-MM-DD', () => {
    expect(isCalendarDate('2030-02-28')).toBe(true);
    expect(isCalendarDate('2030-1-01')).toBe(false);
    expect(isCalendarDate('01/02/2030')).toBe(false);
    expect(isCalendarDate('2030-01-01T00:00:00Z')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('exists: month ends, leap days, year ends', () => {
    expect(['2030-01-31', '2030-04-30', '2030-06-30', '2030-12-31'].map(isCalendarDate)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      ['2030-04-31', '2030-06-31', '2030-12-32', '2030-13-01', '2030-00-10'].map(isCalendarDate),
    ).toEqual(Array(5).fill(false));
    // Leap years: every fourth, but not a century unless it divides by 400.
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2030-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
  });

  it('is one schema, with a message for the form and one for a day that does not exist', () => {
    const message = (value: string) =>
      calendarDateSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('2028-02-29')).toBeUndefined();
    expect(message('2030-02-29')).toBe('This date does not exist.');
    expect(message('soon')).toBe('Enter a date as YYYY-MM-DD.');
  });
});

describe('adding days', () => {
  it('crosses month ends, leap days and year ends', () => {
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDays('2030-04-30', 1)).toBe('2030-05-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2028-02-28', 2)).toBe('2028-03-01');
    expect(addDays('2028-02-29', 365)).toBe('2029-02-28');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDays('2031-01-01', -1)).toBe('2030-12-31');
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
    expect(addDays('2030-06-15', 0)).toBe('2030-06-15');
  });

  it('moves exactly one day at a time across every clock change of a year', () => {
    // 2027: Europe changes on 28 March and 31 October, New Zealand on 4 April and 26 September,
    // the United States on 14 March and 7 November.
    let day = '2026-12-31';
    for (let i = 1; i <= 366; i++) {
      const next = addDays(day, 1);
      expect(isCalendarDate(next)).toBe(true);
      expect(Date.parse(`${next}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)).toBe(24 * HOUR);
      expect(addDays(next, -1)).toBe(day);
      expect(addDays('2026-12-31', i)).toBe(next);
      day = next;
    }
    expect(day).toBe('2028-01-01');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2027-04-03', 2)).toBe('2027-04-05');
    expect(addDays('2027-10-30', 2)).toBe('2027-11-01');
  });
});

describe('the start of a week', () => {
  it('is its Monday, across month ends, leap days, year ends and clock changes', () => {
    expect(startOfWeek('2030-03-04')).toBe('2030-03-04'); // a Monday is its own
    expect(startOfWeek('2030-03-03')).toBe('2030-02-25'); // a Sunday belongs to the week before
    expect(startOfWeek('2028-03-01')).toBe('2028-02-28'); // a leap year's March
    expect(startOfWeek('2031-01-01')).toBe('2030-12-30'); // a week across the new year
    expect(startOfWeek('2027-03-28')).toBe('2027-03-22'); // Europe's spring change, a Sunday
    expect(startOfWeek('2027-04-04')).toBe('2027-03-29'); // New Zealand's autumn change
  });
});

describe('the calendar month of a day', () => {
  it('runs from its first to its last day, leap Februaries and Decembers included', () => {
    expect(monthOf('2031-03-12')).toEqual({ first: '2031-03-01', last: '2031-03-31' });
    expect(monthOf('2028-02-29')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthOf('2027-02-01')).toEqual({ first: '2027-02-01', last: '2027-02-28' });
    expect(monthOf('2030-12-31')).toEqual({ first: '2030-12-01', last: '2030-12-31' });
  });
});

describe("today on this machine's calendar", () => {
  it('is the local day, up to its last minute, across a year end and a clock change', () => {
    expect(localToday(new Date(2030, 0, 5, 23, 30))).toBe('2030-01-05');
    expect(localToday(new Date(2030, 11, 31, 23, 59, 59))).toBe('2030-12-31');
    expect(localToday(new Date(2031, 0, 1, 0, 0, 0))).toBe('2031-01-01');
    expect(localToday(new Date(2028, 1, 29, 12))).toBe('2028-02-29');
    // The day a clock changes (in Europe, Berlin's 02:00 does not exist that night) is one day.
    expect(localToday(new Date(2027, 2, 28, 0, 30))).toBe('2027-03-28');
    expect(localToday(new Date(2027, 2, 28, 3, 30))).toBe('2027-03-28');
    expect(localToday(new Date(2027, 2, 28, 23, 59))).toBe('2027-03-28');
    expect(localToday(new Date(2027, 3, 4, 2, 30))).toBe('2027-04-04');
  });

  it('follows the clock when called without one', () => {
    vi.useFakeTimers({ now: new Date(2027, 0, 3, 23, 40), toFake: ['Date'] });
    expect(localToday()).toBe('2027-01-03');
  });

  it('is on the UTC calendar the same on every machine', () => {
    expect(utcToday(new Date('2030-12-31T23:59:59Z'))).toBe('2030-12-31');
    expect(utcToday(new Date('2031-01-01T00:00:00Z'))).toBe('2031-01-01');
  });
});

describe('a day in the past', () => {
  it('is one that has ended in every time zone, the last being UTC−12', () => {
    const day = '2030-06-15';
    // 11:59 UTC on the 16th is still the 15th at UTC−12.
    expect(hasDayPassed(day, new Date('2030-06-16T11:59:59Z'))).toBe(false);
    expect(hasDayPassed(day, new Date('2030-06-16T12:00:00Z'))).toBe(true);
    // "Today" picked in the earliest zone (UTC+14) is not past anywhere yet.
    expect(hasDayPassed('2030-06-16', new Date('2030-06-15T10:00:00Z'))).toBe(false);
    expect(hasDayPassed('2030-06-13', new Date('2030-06-15T00:00:00Z'))).toBe(true);
  });

  it('ends alike at a month end, on a leap day and at a year end', () => {
    expect(hasDayPassed('2030-01-31', new Date('2030-02-01T11:59:59Z'))).toBe(false);
    expect(hasDayPassed('2030-01-31', new Date('2030-02-01T12:00:00Z'))).toBe(true);
    expect(hasDayPassed('2028-02-29', new Date('2028-03-01T11:59:59Z'))).toBe(false);
    expect(hasDayPassed('2028-02-29', new Date('2028-03-01T12:00:00Z'))).toBe(true);
    expect(hasDayPassed('2030-12-31', new Date('2031-01-01T11:59:59Z'))).toBe(false);
    expect(hasDayPassed('2030-12-31', new Date('2031-01-01T12:00:00Z'))).toBe(true);
  });

  it("never refuses anyone's today, nor a later day, across a year end and the clock changes", () => {
    const moments = [
      ...instants('2026-12-30T00:00:00Z', 96), // the new year reaching each zone
      ...instants('2027-03-26T00:00:00Z', 96), // Europe's spring change
      ...instants('2027-04-02T00:00:00Z', 96), // New Zealand's autumn change
      ...instants('2027-10-29T00:00:00Z', 96), // Europe's autumn change
    ];
    for (const now of moments) {
      for (const zone of ZONES) {
        const today = dayIn(zone, now);
        expect(hasDayPassed(today, now), `${today} in ${zone} at ${now.toISOString()}`).toBe(false);
        expect(hasDayPassed(addDays(today, 1), now)).toBe(false);
      }
      // This machine's today too, whatever zone it runs in.
      expect(hasDayPassed(localToday(now), now)).toBe(false);
      // The day before the last zone's today has ended everywhere.
      expect(hasDayPassed(addDays(dayIn('Etc/GMT+12', now), -1), now)).toBe(true);
    }
  });

  it('is refused by the one schema with the one message, by the clock of the check', () => {
    const message = (value: string) => notPastDateSchema.safeParse(value).error?.issues[0]?.message;
    // 00:40 on 4 January in Auckland is 11:40 UTC on the 3rd and 23:40 on the 2nd at UTC−12:
    // three days are open at once.
    vi.useFakeTimers({ now: new Date('2027-01-03T11:40:00Z'), toFake: ['Date'] });
    expect(message('2027-01-04')).toBeUndefined(); // Auckland's today
    expect(message('2027-01-03')).toBeUndefined(); // London's today
    expect(message('2027-01-02')).toBeUndefined(); // still today at UTC−12, for 20 minutes
    expect(message('2027-01-01')).toBe(PAST_DATE_MESSAGE);
    vi.setSystemTime(new Date('2027-01-03T12:00:00Z'));
    expect(message('2027-01-03')).toBeUndefined();
    expect(message('2027-01-02')).toBe(PAST_DATE_MESSAGE);
    // A day that does not exist is told so, not that it is past.
    expect(message('2026-02-30')).toBe('This date does not exist.');
  });
});
