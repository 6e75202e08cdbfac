import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayOfWeek,
  formatDay,
  fromDayNumber,
  isIsoDate,
  isoWeekStartOf,
  monthStartOf,
  toDayNumber,
  utcDateOf,
} from './iso-dates';

describe('day numbers', () => {
  it('count UTC calendar days since 1970-01-01, both ways', () => {
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(toDayNumber('2015-01-01')).toBe(16_436);
    expect(toDayNumber('2025-11-21')).toBe(20_413);
    expect(toDayNumber('1969-12-31')).toBe(-1);
    expect(fromDayNumber(20_413)).toBe('2025-11-21');
    expect(fromDayNumber(-1)).toBe('1969-12-31');
    expect(fromDayNumber(toDayNumber('2024-02-29'))).toBe('2024-02-29');
    expect(fromDayNumber(toDayNumber('0999-06-01'))).toBe('0999-06-01');
  });

  it('refuse what is not a YYYY-MM-DD date', () => {
    for (const bad of ['2025-1-05', '2025-01-05T00:00:00Z', '', '2025-13-01', '2025-02-32', 'yesterday']) {
      expect(() => toDayNumber(bad), bad).toThrow(RangeError);
      expect(isIsoDate(bad), bad).toBe(false);
    }
    expect(isIsoDate('2024-02-29')).toBe(true);
  });

  it('know the weekday: 0 is Sunday', () => {
    expect(dayOfWeek(toDayNumber('1970-01-01'))).toBe(4);
    expect(dayOfWeek(toDayNumber('2025-11-23'))).toBe(0);
    expect(dayOfWeek(toDayNumber('2025-11-22'))).toBe(6);
    expect(dayOfWeek(toDayNumber('1969-12-28'))).toBe(0);
  });
});

describe('date arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-11-21', -366)).toBe('2024-11-20');
    expect(addDays('2025-11-21', 0)).toBe('2025-11-21');
  });

  it('adds months, clamped to the end of a shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-11-21', -12)).toBe('2024-11-21');
    expect(addMonths('2025-11-21', -60)).toBe('2020-11-21');
    expect(addMonths('2025-05-15', 8)).toBe('2026-01-15');
  });

  it('finds the UTC date of an instant, as a Date or epoch milliseconds', () => {
    expect(utcDateOf(new Date('2025-03-04T23:59:59.999Z'))).toBe('2025-03-04');
    expect(utcDateOf(Date.parse('2025-03-05T00:00:00Z'))).toBe('2025-03-05');
    expect(utcDateOf(0)).toBe('1970-01-01');
  });

  it('starts ISO weeks on Monday and months on the 1st', () => {
    expect(isoWeekStartOf('2025-03-03')).toBe('2025-03-03'); // a Monday
    expect(isoWeekStartOf('2025-03-09')).toBe('2025-03-03'); // Sunday
    expect(isoWeekStartOf('2025-01-01')).toBe('2024-12-30'); // across a year
    expect(monthStartOf('2025-03-31')).toBe('2025-03-01');
  });
});

describe('formatDay', () => {
  it('writes a date as people read it, whatever the time zone, and anything else as given', () => {
    expect(formatDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDay('2023-12-31')).toBe('Dec 31, 2023');
    expect(formatDay('soon')).toBe('soon');
  });
});
