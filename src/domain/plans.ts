/**
 * The one price table and plan matrix (DESIGN.md deviation 9; spec 000 §6 and §9, spec 001 §6).
 *
 * - Free $0: basic portfolio analysis, real-time data, education, health check, 3 AI analyses per month.
 * - Premium $29/month or $276/year (shown as $23/month, saves $72): adds AI Trading Suggestions, Multi-Account
 *   Aggregation, priority support and terminal access.
 * - Professional $99/month or $950/year (shown as $79/month, saves $238): adds advanced terminal analytics,
 *   global market coverage, multi-client features, white-label reports and API access.
 * - Enterprise: priced by contact.
 *
 * The spec's stray $24/$288 and $79/$199 figures are deliberately not used. Every page that shows a price or a
 * plan's features (features, pricing, subscribe, terminal upsell) reads it from here.
 *
 * The copy is true on the server it is shown from (`PlanCopy`): with a language model, the spec's '3 AI analyses
 * per month' against 'Unlimited'; without one, every analysis is written by rules from the computed figures and
 * counted by nobody, so every plan has unlimited portfolio analyses and none is sold as AI.
 */

import { PLAN_IDS, type PlanId } from './plan-ids';

export { PLAN_IDS, isPaidPlan, type PlanId } from './plan-ids';

export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Spec 000 §9: the free plan's allowance of AI analyses. */
export const FREE_AI_ANALYSES_PER_MONTH = 3;

/**
 * AI analyses a month by plan (spec 000 §9), on a server with a language model: null is unlimited and counted by
 * nobody. The pricing page's 'AI analyses' row is written from it, so what is sold is what is counted.
 */
export const AI_ANALYSES_PER_MONTH: Readonly<Record<PlanId, number | null>> = {
  free: FREE_AI_ANALYSES_PER_MONTH,
  premium: null,
  professional: null,
  enterprise: null,
};

/**
 * Questions to the AI advisor per UTC day (docs/decisions/028): free accounts per account and IP (/64),
 * visitors as free per IP, paid plans per account. An answer from the advisor's 15-minute cache is not counted.
 */
export const ADVISOR_QUESTIONS_PER_DAY: Readonly<Record<PlanId, number>> = {
  free: 10,
  premium: 100,
  professional: 100,
  enterprise: 100,
};

export interface PlanPrice {
  /** Charged every month on monthly billing, in US cents. */
  readonly monthlyCents: number;
  /** Charged once a year on yearly billing, in US cents. */
  readonly yearlyCents: number;
}

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  /** One line under the plan's name. */
  readonly tagline: string;
  /** null: priced by contact (Enterprise). Free is { 0, 0 }. */
  readonly price: PlanPrice | null;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    tagline: 'Understand what you own, and learn as you go.',
    price: { monthlyCents: 0, yearlyCents: 0 },
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    tagline: 'Unlimited AI analyses and the trading terminal.',
    price: { monthlyCents: 2900, yearlyCents: 27600 },
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    tagline: 'Advanced analytics for people who look after several portfolios.',
    price: { monthlyCents: 9900, yearlyCents: 95000 },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    tagline: 'For firms and teams, on terms agreed with us.',
    price: null,
  },
};

/** Whether the server that shows the copy has a language model (GET /api/config `hasLanguageModel`). */
export interface PlanCopy {
  readonly hasLanguageModel: boolean;
}

/** The spec's copy, for a server with a language model: the default until the browser knows the server's. */
export const MODEL_PLAN_COPY: PlanCopy = { hasLanguageModel: true };

/** Premium's line without a language model: it sells no AI analyses then. */
const RULES_PREMIUM_TAGLINE = 'Trading suggestions, all your accounts in one view, and the trading terminal.';

/** A plan's one line under its name, true on a server with or without a language model. */
export function planTagline(plan: PlanId, copy: PlanCopy = MODEL_PLAN_COPY): string {
  return plan === 'premium' && !copy.hasLanguageModel ? RULES_PREMIUM_TAGLINE : PLANS[plan].tagline;
}

/** The plans in order, cheapest first. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The plans bought with a card, through checkout (Enterprise is priced by contact). */
export const PAID_PLAN_IDS = ['premium', 'professional'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** 0 for free, 1 premium, 2 professional, 3 enterprise: a plan includes everything of the plans below it. */
export function planRank(id: PlanId): number {
  return PLAN_IDS.indexOf(id);
}

/** True when `plan` includes what `required` includes (professional includes premium, ...). */
export function planIncludes(plan: PlanId, required: PlanId): boolean {
  return planRank(plan) >= planRank(required);
}

/** Whole dollars of a cent amount (all our prices are whole dollars). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** What a plan costs per month on yearly billing, rounded to whole dollars for display: 276/12 = 23, 950/12 ≈ 79. */
export function yearlyPricePerMonthDollars(price: PlanPrice): number {
  return Math.round(price.yearlyCents / 12 / 100);
}

/** Twelve monthly payments minus the yearly price, in cents: 29×12 − 276 = $72, 99×12 − 950 = $238. */
export function yearlySavingsCents(price: PlanPrice): number {
  return price.monthlyCents * 12 - price.yearlyCents;
}

/**
 * The yearly saving as a whole percent of twelve monthly payments, rounded down so the label never
 * overstates it: Premium 72/348 = 20.7 % -> 20, Professional 238/1188 = 20.03 % -> 20 (the spec's 'Save 20%').
 */
export function yearlySavingsPercent(price: PlanPrice): number {
  const twelveMonths = price.monthlyCents * 12;
  if (twelveMonths <= 0) return 0;
  return Math.floor((yearlySavingsCents(price) / twelveMonths) * 100);
}

/** The amount charged for one billing period, in cents. */
export function chargeCents(price: PlanPrice, interval: BillingInterval): number {
  return interval === 'monthly' ? price.monthlyCents : price.yearlyCents;
}

/** `$29`, `$276`, `$0`: whole US dollars as the plan cards write them. */
export function formatPlanDollars(dollars: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(dollars);
}

/** A cell of the comparison table: included or not, or a short text ('3 per month'). */
export type PlanFeatureValue = boolean | string;

export interface PlanFeature {
  readonly id: string;
  /** As the plan cards and the comparison table write it. */
  readonly label: string;
  /** The plan that first includes it; every plan above includes it too. */
  readonly introducedIn: PlanId;
  /** For a feature whose amount differs by plan; otherwise the cell is `true` from `introducedIn` up. */
  readonly values?: Readonly<Record<PlanId, PlanFeatureValue>>;
  /**
   * Sold by the spec but not built yet: every card, list and table says '(coming soon)', so that no page
   * promises what does not work today. Remove it the day the feature ships.
   */
  readonly isComing?: true;
}

/** How a feature not built yet is marked wherever it is listed. */
export const COMING_SOON_MARK = '(coming soon)';

/**
 * Spec 000 §6 plan copy, in the order the cards list them (a server with a language model), and the one
 * entitlement table: a plan may use a feature exactly where its pricing-page cell is not `false`
 * (`planHasFeature`). The server's `requireFeature` guard and the web's `useEntitlement` hook read it; the ids
 * are the names by which routes, pages and feature manifests say what they need, so keep them stable.
 */
export const PLAN_FEATURES = [
  { id: 'portfolio-analysis', label: 'Basic portfolio analysis', introducedIn: 'free' },
  { id: 'real-time-data', label: 'Real-time data', introducedIn: 'free' },
  { id: 'education', label: 'Education', introducedIn: 'free' },
  { id: 'health-check', label: 'Portfolio health check', introducedIn: 'free' },
  {
    id: 'ai-analyses',
    label: 'AI analyses',
    introducedIn: 'free',
    values: {
      free: analysesCell('free'),
      premium: analysesCell('premium'),
      professional: analysesCell('professional'),
      enterprise: analysesCell('enterprise'),
    },
  },
  { id: 'ai-trading-suggestions', label: 'AI Trading Suggestions', introducedIn: 'premium' },
  { id: 'multi-account-aggregation', label: 'Multi-Account Aggregation', introducedIn: 'premium' },
  { id: 'priority-support', label: 'Priority support', introducedIn: 'premium' },
  { id: 'terminal-access', label: 'Trading terminal access', introducedIn: 'premium' },
  { id: 'advanced-terminal-analytics', label: 'Advanced terminal analytics', introducedIn: 'professional' },
  { id: 'global-market-coverage', label: 'Global market coverage', introducedIn: 'professional' },
  { id: 'multi-client', label: 'Multi-client features', introducedIn: 'professional' },
  { id: 'white-label-reports', label: 'White-label reports', introducedIn: 'professional' },
  { id: 'api-access', label: 'API access', introducedIn: 'professional' },
] as const satisfies readonly PlanFeature[];

/** A plan feature's stable name: `requireFeature('terminal-access')`, `useEntitlement('multi-client')`. */
export type PlanFeatureId = (typeof PLAN_FEATURES)[number]['id'];

/** The 'AI analyses' cell of a plan: '3 per month' or 'Unlimited' (AI_ANALYSES_PER_MONTH). */
function analysesCell(plan: PlanId): string {
  const perMonth = AI_ANALYSES_PER_MONTH[plan];
  return perMonth === null ? 'Unlimited' : `${perMonth} per month`;
}

/**
 * Without a language model the analysis is written by rules and never counted (DESIGN.md deviation 10): every
 * plan analyses without limit, and no plan adds anything to that.
 */
const RULES_ANALYSES: PlanFeature = {
  id: 'portfolio-analyses',
  label: 'Portfolio analyses',
  introducedIn: 'free',
  values: { free: 'Unlimited', premium: 'Unlimited', professional: 'Unlimited', enterprise: 'Unlimited' },
};

/** The plan copy of a server with or without a language model. */
function planFeatures(copy: PlanCopy): readonly PlanFeature[] {
  if (copy.hasLanguageModel) return PLAN_FEATURES;
  return PLAN_FEATURES.map((feature) => (feature.id === 'ai-analyses' ? RULES_ANALYSES : feature));
}

/** The cell of the comparison table for one feature and plan. */
export function planFeatureValue(feature: PlanFeature, plan: PlanId): PlanFeatureValue {
  if (feature.values) return planIncludes(plan, feature.introducedIn) ? feature.values[plan] : false;
  return planIncludes(plan, feature.introducedIn);
}

/**
 * The entitlement table, plan by plan: the features whose pricing-page cell is not `false` (the copy of a server
 * with a language model; the copy without one changes only the wording of the analyses row).
 */
const ENTITLEMENTS: Readonly<Record<PlanId, ReadonlySet<PlanFeatureId>>> = {
  free: featuresOf('free'),
  premium: featuresOf('premium'),
  professional: featuresOf('professional'),
  enterprise: featuresOf('enterprise'),
};

function featuresOf(plan: PlanId): ReadonlySet<PlanFeatureId> {
  return new Set(
    PLAN_FEATURES.filter((feature) => planFeatureValue(feature, plan) !== false).map((feature) => feature.id),
  );
}

/** Whether a plan may use a feature: the one question every plan gate asks (server guard, web hook, jobs). */
export function planHasFeature(plan: PlanId, feature: PlanFeatureId): boolean {
  return ENTITLEMENTS[plan].has(feature);
}

/** The cheapest plan that includes a feature ('global market coverage is part of Professional'). */
export function planIntroducing(feature: PlanFeatureId): Plan {
  // Enterprise, the top plan, includes every feature.
  return PLANS[PLAN_IDS.find((plan) => planHasFeature(plan, feature)) ?? 'enterprise'];
}

export interface PlanFeatureRow {
  readonly id: string;
  readonly label: string;
  readonly isComing: boolean;
  readonly values: Readonly<Record<PlanId, PlanFeatureValue>>;
}

/** The comparison table: one row per feature, one value per plan. */
export function planFeatureMatrix(copy: PlanCopy = MODEL_PLAN_COPY): readonly PlanFeatureRow[] {
  return planFeatures(copy).map((feature) => ({
    id: feature.id,
    label: feature.label,
    isComing: feature.isComing === true,
    values: {
      free: planFeatureValue(feature, 'free'),
      premium: planFeatureValue(feature, 'premium'),
      professional: planFeatureValue(feature, 'professional'),
      enterprise: planFeatureValue(feature, 'enterprise'),
    },
  }));
}

/** How a feature reads on a plan card: 'AI analyses: 3 per month', 'API access (coming soon)', or just the label. */
function cardLine(feature: PlanFeature, plan: PlanId): string {
  const value = planFeatureValue(feature, plan);
  const line = typeof value === 'string' ? `${feature.label}: ${value}` : feature.label;
  return feature.isComing ? `${line} ${COMING_SOON_MARK}` : line;
}

/** Everything a plan includes, as card lines (Free's five lines; Premium's nine; ...). */
export function planFeatureList(plan: PlanId, copy: PlanCopy = MODEL_PLAN_COPY): string[] {
  return planFeatures(copy)
    .filter((feature) => planFeatureValue(feature, plan) !== false)
    .map((feature) => cardLine(feature, plan));
}

/**
 * What a plan adds over the one below it ("Everything in Free, plus: ..."). Free lists all of its own; a
 * feature whose amount changes (AI analyses: 3 per month -> Unlimited) counts as added where it changes.
 */
export function planAdditions(plan: PlanId, copy: PlanCopy = MODEL_PLAN_COPY): string[] {
  const rank = planRank(plan);
  if (rank === 0) return planFeatureList(plan, copy);
  const below = PLAN_IDS[rank - 1] as PlanId;
  return planFeatures(copy)
    .filter((feature) => {
      const value = planFeatureValue(feature, plan);
      return value !== false && value !== planFeatureValue(feature, below);
    })
    .map((feature) => cardLine(feature, plan));
}
