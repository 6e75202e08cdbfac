// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../contracts/admin';
import { AnalyticsTab } from './analytics-tab';

afterEach(cleanup);

const counts = { totalUsers: 12, totalEmails: 9, freeUsers: 6, premiumUsers: 4, professionalUsers: 2 };
const stats = (demoAccounts: AdminStats['analytics']['demoAccounts']): AdminStats => ({
  range: '7d',
  since: '2026-11-20T00:00:00.000Z',
  ...counts,
  newInRange: counts,
  recentSignups: [],
  signupsPerDay: [],
  analytics: {
    freeToPremiumPercent: 33,
    premiumToProfessionalPercent: 33,
    emailCollectionPercent: 75,
    mrrDollars: 3 * 29 + 99,
    subscriptionMrrDollars: 29,
    activeSubscriptions: 1,
    complimentaryUsers: 0,
    demoAccounts,
    trialsStarted: 0,
    churned: 0,
    paperTrades: 0,
    activeUsers: 0,
    analysesRun: 0,
  },
});

/** The text of the figure whose label is `label`: label, value and note. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement?.textContent;

describe('AnalyticsTab', () => {
  it('shows the demo accounts apart, with those on a paid plan, and says revenue leaves them out', () => {
    render(<AnalyticsTab stats={stats({ total: 3, premium: 1, professional: 1 })} />);
    expect(figure('Demo accounts')).toBe(
      'Demo accounts3Not counted in conversion or revenue (1 on Premium, 1 on Professional)',
    );
    expect(figure('MRR (by plan)')).toBe(
      'MRR (by plan)$186Premium users × $29 + professional users × $99, complimentary included, demo accounts left out',
    );
    expect(figure('Free to Premium')).toContain('demo accounts left out');
    expect(figure('Premium to Professional')).toContain('demo accounts left out');
  });

  it('names no plan when no demo account is on a paid plan', () => {
    render(<AnalyticsTab stats={stats({ total: 2, premium: 0, professional: 0 })} />);
    expect(figure('Demo accounts')).toBe('Demo accounts2Not counted in conversion or revenue');
  });
});
