import { describe, expect, it } from 'vitest';
import {
  addDays,
  hasDayPassed,
  isCalendarDate,
  localToday,
  startOfWeek,
  utcToday,
} from './calendar-date';

describe('calendar dates', () => {
  it('accepts real days written YYYY-MM-DD only', () => {
    expect(isCalendarDate('2030-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2030-02-29')).toBe(false);
    expect(isCalendarDate('2030-13-01')).toBe(false);
    expect(isCalendarDate('2030-1-01')).toBe(false);
    expect(isCalendarDate('01/02/2030')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('counts a day as past only once it has ended in every time zone (UTC−12)', () => {
    const day = '2030-06-15';
    // 11:59 UTC on the 16th is still the 15th at UTC−12.
    expect(hasDayPassed(day, new Date('2030-06-16T11:59:59Z'))).toBe(false);
    expect(hasDayPassed(day, new Date('2030-06-16T12:00:00Z'))).toBe(true);
    // "Today" picked in the earliest zone (UTC+14) is not past anywhere yet.
    expect(hasDayPassed('2030-06-16', new Date('2030-06-15T10:00:00Z'))).toBe(false);
    expect(hasDayPassed('2030-06-13', new Date('2030-06-15T00:00:00Z'))).toBe(true);
  });

  it('adds days across months and years', () => {
    expect(addDays('2030-12-30', 3)).toBe('2031-01-02');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });

  it('starts a week on its Monday', () => {
    expect(startOfWeek('2030-03-04')).toBe('2030-03-04');
    expect(startOfWeek('2030-03-03')).toBe('2030-02-25');
    expect(startOfWeek('2031-01-01')).toBe('2030-12-30');
  });

  it("gives today's date on this machine's calendar, and on UTC's", () => {
    expect(localToday(new Date(2030, 0, 5, 23, 30))).toBe('2030-01-05');
    expect(utcToday(new Date('2030-12-31T23:59:59Z'))).toBe('2030-12-31');
  });
});
