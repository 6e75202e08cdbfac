import { describe, expect, it } from 'vitest';
import { toDayNumber } from './iso-dates';
import {
  isTradingDay,
  lastCompletedTradingDay,
  marketHolidays,
  newYorkClock,
  newYorkInstant,
  sessionCloseMinute,
  tradingDaysBetween,
} from './us-market';

describe('trading calendar', () => {
  it.each([
    ['2025-07-04', false, 'Independence Day'],
    ['2025-11-27', false, 'Thanksgiving'],
    ['2025-11-28', true, 'the day after Thanksgiving (half day)'],
    ['2026-06-19', false, 'Juneteenth'],
    ['2021-06-18', true, 'Juneteenth was not an NYSE holiday before 2022'],
    ['2022-06-20', false, 'Juneteenth 2022 (a Sunday) observed on Monday'],
    ['2027-06-18', false, 'Juneteenth 2027 (a Saturday) observed on Friday'],
    ['2021-12-31', true, "New Year's Day on a Saturday is not observed"],
    ['2023-01-02', false, "New Year's Day on a Sunday is observed on Monday"],
    ['2026-07-03', false, 'Independence Day on a Saturday is observed on Friday'],
    ['2021-07-05', false, 'Independence Day on a Sunday is observed on Monday'],
    ['2022-12-26', false, 'Christmas on a Sunday is observed on Monday'],
    ['2021-12-24', false, 'Christmas on a Saturday is observed on Friday'],
    ['2026-04-03', false, 'Good Friday'],
    ['2025-04-18', false, 'Good Friday'],
    ['2025-01-09', false, 'national day of mourning for President Carter'],
    ['2018-12-05', false, 'national day of mourning for President Bush'],
    ['2025-11-22', false, 'a Saturday'],
    ['2025-11-23', false, 'a Sunday'],
    ['2025-11-24', true, 'a Monday'],
    ['2035-12-25', false, 'Christmas 2035'],
  ])('%s trading day: %s (%s)', (date, expected) => {
    expect(isTradingDay(date)).toBe(expected);
  });

  it('lists the NYSE holidays of a year', () => {
    expect(marketHolidays(2025)).toEqual([
      '2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26',
      '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25',
    ]); // prettier-ignore
    expect(marketHolidays(2026)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19',
      '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25',
    ]); // prettier-ignore
    expect(marketHolidays(2016)).toEqual([
      '2016-01-01', '2016-01-18', '2016-02-15', '2016-03-25', '2016-05-30', '2016-07-04',
      '2016-09-05', '2016-11-24', '2016-12-26',
    ]); // prettier-ignore
  });

  it('counts the sessions of whole years as the NYSE held them', () => {
    expect(tradingDaysBetween('2023-01-01', '2023-12-31')).toHaveLength(250);
    expect(tradingDaysBetween('2024-01-01', '2024-12-31')).toHaveLength(252);
    expect(tradingDaysBetween('2025-01-01', '2025-12-31')).toHaveLength(250);
    expect(tradingDaysBetween('2025-11-20', '2025-11-28')).toEqual([
      '2025-11-20', '2025-11-21', '2025-11-24', '2025-11-25', '2025-11-26', '2025-11-28',
    ]); // prettier-ignore
  });
});

describe('New York session hours', () => {
  it('closes at 16:00, at 13:00 on half days', () => {
    expect(sessionCloseMinute(toDayNumber('2025-11-24'))).toBe(16 * 60);
    expect(sessionCloseMinute(toDayNumber('2025-11-28'))).toBe(13 * 60); // the day after Thanksgiving
    expect(sessionCloseMinute(toDayNumber('2025-12-24'))).toBe(13 * 60);
    expect(sessionCloseMinute(toDayNumber('2025-07-03'))).toBe(13 * 60);
    expect(sessionCloseMinute(toDayNumber('2026-07-03'))).toBe(16 * 60); // a holiday, not a half day
  });

  it('reads New York time across the DST changes (02:00 on the second Sunday of March, the first of November)', () => {
    const day = toDayNumber('2025-03-09');
    expect(newYorkClock(Date.parse('2025-03-09T06:59:00Z'))).toEqual({ day, minute: 119 });
    expect(newYorkClock(Date.parse('2025-03-09T07:00:00Z'))).toEqual({ day, minute: 180 });
    expect(newYorkClock(Date.parse('2025-11-02T05:59:00Z'))).toEqual({ day: day + 238, minute: 119 });
    expect(newYorkClock(Date.parse('2025-11-02T06:00:00Z'))).toEqual({ day: day + 238, minute: 60 });
    expect(newYorkClock(Date.parse('2025-11-24T04:59:00Z')).day).toBe(toDayNumber('2025-11-23'));
    expect(new Date(newYorkInstant(toDayNumber('2025-11-02'), 16 * 60)).toISOString()).toBe(
      '2025-11-02T21:00:00.000Z',
    );
    expect(new Date(newYorkInstant(toDayNumber('2025-07-03'), 13 * 60)).toISOString()).toBe(
      '2025-07-03T17:00:00.000Z',
    );
  });

  it('finds the last completed session', () => {
    expect(lastCompletedTradingDay(new Date('2025-11-24T20:59:00Z'))).toBe('2025-11-21');
    expect(lastCompletedTradingDay(new Date('2025-11-24T21:00:00Z'))).toBe('2025-11-24');
    expect(lastCompletedTradingDay(new Date('2025-11-28T17:59:00Z'))).toBe('2025-11-26');
    expect(lastCompletedTradingDay(new Date('2025-11-28T18:00:00Z'))).toBe('2025-11-28');
    expect(lastCompletedTradingDay(new Date('2025-01-01T12:00:00Z'))).toBe('2024-12-31');
  });
});
