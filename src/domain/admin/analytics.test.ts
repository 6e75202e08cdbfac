import { describe, expect, it } from 'vitest';
import {
  computeSpecAnalytics,
  computeSubscriptionMrrDollars,
  fillDailyCounts,
  rangeStart,
  roundedPercent,
} from './analytics';

describe('rangeStart', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  it('counts whole 24-hour days back from now, and nothing for all', () => {
    expect(rangeStart('7d', now)?.toISOString()).toBe('2026-11-17T12:00:00.000Z');
    expect(rangeStart('30d', now)?.toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(rangeStart('90d', now)?.toISOString()).toBe('2026-08-26T12:00:00.000Z');
    expect(rangeStart('all', now)).toBeNull();
  });
});

describe('roundedPercent', () => {
  it('rounds halves up and answers 0 without a whole', () => {
    expect(roundedPercent(1, 3)).toBe(33);
    expect(roundedPercent(2, 3)).toBe(67);
    expect(roundedPercent(1, 8)).toBe(13); // 12.5
    expect(roundedPercent(5, 0)).toBe(0);
  });
});

describe('computeSpecAnalytics (spec 001 §9)', () => {
  const noDemo = { demoUsers: 0, demoPremiumUsers: 0, demoProfessionalUsers: 0 };

  it('premium / total, professional / premium, emails / total, premium × 29 + professional × 99', () => {
    expect(
      computeSpecAnalytics({
        totalUsers: 1000,
        totalEmails: 873,
        premiumUsers: 125,
        professionalUsers: 17,
        ...noDemo,
      }),
    ).toEqual({
      freeToPremiumPercent: 13, // 12.5
      premiumToProfessionalPercent: 14, // 13.6
      emailCollectionPercent: 87, // 87.3
      mrrDollars: 125 * 29 + 17 * 99, // 5,308
    });
  });

  it('leaves demo accounts out of conversion and MRR, and counts them as users without an email', () => {
    // 1,000 accounts of which 127 demo: 10 of them on Premium, 4 on Professional.
    expect(
      computeSpecAnalytics({
        totalUsers: 1000,
        totalEmails: 873,
        premiumUsers: 135,
        professionalUsers: 21,
        demoUsers: 127,
        demoPremiumUsers: 10,
        demoProfessionalUsers: 4,
      }),
    ).toEqual({
      freeToPremiumPercent: 14, // 125 / 873 = 14.3
      premiumToProfessionalPercent: 14, // 17 / 125 = 13.6
      emailCollectionPercent: 87, // 873 / 1000
      mrrDollars: 125 * 29 + 17 * 99, // 5,308, not 135 × 29 + 21 × 99
    });
    // Only demo accounts: nothing to convert, no money.
    expect(
      computeSpecAnalytics({
        totalUsers: 2,
        totalEmails: 0,
        premiumUsers: 1,
        professionalUsers: 1,
        demoUsers: 2,
        demoPremiumUsers: 1,
        demoProfessionalUsers: 1,
      }),
    ).toEqual({
      freeToPremiumPercent: 0,
      premiumToProfessionalPercent: 0,
      emailCollectionPercent: 0,
      mrrDollars: 0,
    });
  });

  it('is all zeros with no users', () => {
    expect(
      computeSpecAnalytics({
        totalUsers: 0,
        totalEmails: 0,
        premiumUsers: 0,
        professionalUsers: 0,
        ...noDemo,
      }),
    ).toEqual({
      freeToPremiumPercent: 0,
      premiumToProfessionalPercent: 0,
      emailCollectionPercent: 0,
      mrrDollars: 0,
    });
  });
});

describe('computeSubscriptionMrrDollars', () => {
  it('counts yearly plans at a twelfth of their yearly price, rounded once at the end', () => {
    expect(
      computeSubscriptionMrrDollars([
        { plan: 'premium', interval: 'monthly', count: 10 }, // 290
        { plan: 'premium', interval: 'yearly', count: 4 }, // 4 × 23 = 92
        { plan: 'professional', interval: 'monthly', count: 2 }, // 198
        { plan: 'professional', interval: 'yearly', count: 3 }, // 3 × 79.1666 = 237.5
      ]),
    ).toBe(818); // 817.5 rounded
    expect(computeSubscriptionMrrDollars([{ plan: 'professional', interval: 'yearly', count: 1 }])).toBe(79);
    expect(computeSubscriptionMrrDollars([])).toBe(0);
  });
});

describe('fillDailyCounts', () => {
  it('fills the days without signups with 0, from the first day to the last inclusive', () => {
    expect(
      fillDailyCounts(
        [
          { date: '2026-11-20', count: 3 },
          { date: '2026-11-22', count: 1 },
        ],
        '2026-11-19',
        '2026-11-23',
      ),
    ).toEqual([
      { date: '2026-11-19', count: 0 },
      { date: '2026-11-20', count: 3 },
      { date: '2026-11-21', count: 0 },
      { date: '2026-11-22', count: 1 },
      { date: '2026-11-23', count: 0 },
    ]);
  });

  it('keeps the latest maxDays days, across a month end', () => {
    expect(fillDailyCounts([{ date: '2026-12-01', count: 2 }], '2020-01-01', '2026-12-01', 2)).toEqual([
      { date: '2026-11-30', count: 0 },
      { date: '2026-12-01', count: 2 },
    ]);
  });
});
