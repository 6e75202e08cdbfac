import { describe, expect, it } from 'vitest';
import { PERIOD_RANGES, resolvePeriod, type PeriodRange } from './periods';

// A Saturday, two days after Thanksgiving (Thursday 2026-11-26, no session).
const AS_OF = '2026-11-28';
const FIRST_ACTIVITY = '2020-06-10';

const startOf = (range: PeriodRange, firstActivity = FIRST_ACTIVITY) => {
  const outcome = resolvePeriod({ range }, AS_OF, firstActivity);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.period;
};

describe('resolvePeriod', () => {
  it('starts each range from the day before its first day, and ends on asOf', () => {
    expect(Object.fromEntries(PERIOD_RANGES.map((range) => [range, startOf(range).start]))).toEqual({
      // The last session is Friday the 27th; the one before it Wednesday the 25th.
      '1D': '2026-11-25',
      WTD: '2026-11-22',
      MTD: '2026-10-31',
      '1M': '2026-10-28',
      YTD: '2025-12-31',
      '1Y': '2025-11-28',
      '3Y': '2023-11-28',
      '5Y': '2021-11-28',
      MAX: '2020-06-09',
    });
    for (const range of PERIOD_RANGES) {
      expect(startOf(range)).toMatchObject({
        range,
        end: AS_OF,
        startsBeforeHistory: false,
        endsAfterAsOf: false,
      });
    }
  });

  it('starts a range that begins before the history the day before the first activity, and says so', () => {
    expect(startOf('3Y', '2024-03-15')).toEqual({
      range: '3Y',
      start: '2024-03-14',
      end: AS_OF,
      startsBeforeHistory: true,
      endsAfterAsOf: false,
    });
  });

  it('takes the 28th of February for a year before a 29th', () => {
    const outcome = resolvePeriod({ range: '1Y' }, '2024-02-29', FIRST_ACTIVITY);
    expect(outcome.ok && outcome.period.start).toBe('2023-02-28');
  });

  it("takes the month's last day for a month before a day it lacks", () => {
    const may = resolvePeriod({ range: '1M' }, '2026-05-31', FIRST_ACTIVITY);
    expect(may.ok && may.period.start).toBe('2026-04-30');
    const march = resolvePeriod({ range: '1M' }, '2024-03-31', FIRST_ACTIVITY);
    expect(march.ok && march.period.start).toBe('2024-02-29');
  });

  it('resolves from–to dates, ending on asOf when asked past it', () => {
    expect(
      resolvePeriod({ range: 'CUSTOM', from: '2025-01-01', to: '2027-01-01' }, AS_OF, FIRST_ACTIVITY),
    ).toEqual({
      ok: true,
      period: {
        range: 'CUSTOM',
        start: '2024-12-31',
        end: AS_OF,
        startsBeforeHistory: false,
        endsAfterAsOf: true,
      },
    });
    // One day: from its eve to itself.
    expect(
      resolvePeriod({ range: 'CUSTOM', from: '2025-03-03', to: '2025-03-03' }, AS_OF, FIRST_ACTIVITY),
    ).toMatchObject({ ok: true, period: { start: '2025-03-02', end: '2025-03-03' } });
  });

  it('refuses dates out of order, a start after asOf, bad dates, and a period before the history', () => {
    const codeOf = (from: string, to: string) => {
      const outcome = resolvePeriod({ range: 'CUSTOM', from, to }, AS_OF, FIRST_ACTIVITY);
      return outcome.ok ? 'ok' : outcome.code;
    };
    expect(codeOf('2025-02-01', '2025-01-01')).toBe('INVALID_DATES');
    expect(codeOf('2026-12-01', '2026-12-31')).toBe('INVALID_DATES');
    expect(codeOf('2025-13-01', '2025-12-31')).toBe('INVALID_DATES');
    expect(codeOf('2019-01-01', '2020-06-09')).toBe('BEFORE_HISTORY');
    expect(codeOf('2019-01-01', '2020-06-10')).toBe('ok');
  });
});
