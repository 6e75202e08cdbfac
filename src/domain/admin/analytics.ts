/**
 * The admin dashboard's figures (spec 001 §9, decision 029): conversion percentages and the spec's MRR (demo
 * accounts left out), the MRR of the real subscriptions, and the time ranges of the stats. Pure; the server counts, this computes.
 */
import type { BillingInterval, PaidPlanId } from '../plans';
import { PLANS } from '../plans';
import { utcDateOf } from '../calendar';

export const ADMIN_STATS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AdminStatsRange = (typeof ADMIN_STATS_RANGES)[number];
export const DEFAULT_ADMIN_STATS_RANGE: AdminStatsRange = '7d';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<Exclude<AdminStatsRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The start of a range ending at `now` (the last 7 × 24 hours, ...); null for 'all'. */
export function rangeStart(range: AdminStatsRange, now: Date): Date | null {
  if (range === 'all') return null;
  return new Date(now.getTime() - RANGE_DAYS[range] * DAY_MS);
}

/** `part / whole` as a whole percent (Math.round, halves up); 0 when there is no whole. */
export function roundedPercent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 100);
}

/** Monthly list price of a paid plan, in whole dollars, from the one price table (29, 99). */
function monthlyDollars(plan: PaidPlanId): number {
  const price = PLANS[plan].price;
  return price ? price.monthlyCents / 100 : 0;
}

export interface PlanCounts {
  /** Every account, demo accounts included. */
  totalUsers: number;
  totalEmails: number;
  premiumUsers: number;
  professionalUsers: number;
  /** Demo accounts among them, and those on each paid plan (a demo account switches plans with Demo Settings). */
  demoUsers: number;
  demoPremiumUsers: number;
  demoProfessionalUsers: number;
}

export interface SpecAnalytics {
  /** Free -> Premium %: premium / total users, demo accounts left out of both. */
  freeToPremiumPercent: number;
  /** Premium -> Professional %: professional / premium, demo accounts left out of both. */
  premiumToProfessionalPercent: number;
  /** Email collection %: emails / total users (a demo account is a user without an email). */
  emailCollectionPercent: number;
  /** premium × 29 + professional × 99 over accounts that are not demo accounts, in whole dollars. */
  mrrDollars: number;
}

/**
 * Spec 001 §9's four figures, each rounded to a whole number. The money and conversion figures are the spec's
 * formulas over real accounts: a demo account pays nothing whatever plan it switched to, so it is left out
 * (and shown apart).
 */
export function computeSpecAnalytics(counts: PlanCounts): SpecAnalytics {
  const users = counts.totalUsers - counts.demoUsers;
  const premium = counts.premiumUsers - counts.demoPremiumUsers;
  const professional = counts.professionalUsers - counts.demoProfessionalUsers;
  return {
    freeToPremiumPercent: roundedPercent(premium, users),
    premiumToProfessionalPercent: roundedPercent(professional, premium),
    emailCollectionPercent: roundedPercent(counts.totalEmails, counts.totalUsers),
    mrrDollars: Math.round(
      premium * monthlyDollars('premium') + professional * monthlyDollars('professional'),
    ),
  };
}

export interface ActiveSubscriptionCount {
  plan: PaidPlanId;
  interval: BillingInterval;
  count: number;
}

/**
 * MRR of the subscriptions Stripe is charging, in whole dollars: a monthly one at its monthly price, a yearly one
 * at its yearly price / 12 (Premium 276 / 12 = 23, Professional 950 / 12 = 79.17), summed in cents and rounded once.
 */
export function computeSubscriptionMrrDollars(counts: readonly ActiveSubscriptionCount[]): number {
  let cents = 0;
  for (const { plan, interval, count } of counts) {
    const price = PLANS[plan].price;
    if (!price) continue;
    cents += count * (interval === 'monthly' ? price.monthlyCents : price.yearlyCents / 12);
  }
  return Math.round(cents / 100);
}

/** The signups chart shows at most this many days (the latest), so the server counts no more. */
export const SIGNUP_CHART_MAX_DAYS = 400;

/**
 * Signups per UTC day from `from` to `to` (both as YYYY-MM-DD, inclusive), with 0 for the days the server had none,
 * so a chart's bars are evenly spaced. At most `maxDays` days, the latest ones.
 */
export function fillDailyCounts(
  counts: readonly { date: string; count: number }[],
  from: string,
  to: string,
  maxDays = SIGNUP_CHART_MAX_DAYS,
): { date: string; count: number }[] {
  const byDate = new Map(counts.map((entry) => [entry.date, entry.count]));
  const end = Date.parse(`${to}T00:00:00Z`);
  const start = Math.max(Date.parse(`${from}T00:00:00Z`), end - (maxDays - 1) * DAY_MS);
  const days: { date: string; count: number }[] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const date = utcDateOf(time);
    days.push({ date, count: byDate.get(date) ?? 0 });
  }
  return days;
}
