import { describe, expect, it } from 'vitest';
import {
  AI_ANALYSES_PER_MONTH,
  COMING_SOON_MARK,
  PAID_PLAN_IDS,
  PLANS,
  PLAN_FEATURES,
  PLAN_IDS,
  PLAN_LIST,
  centsToDollars,
  chargeCents,
  formatPlanDollars,
  isPaidPlan,
  planAdditions,
  planFeatureList,
  planFeatureMatrix,
  planHasFeature,
  planIntroducing,
  planTagline,
  planIncludes,
  yearlyPricePerMonthDollars,
  yearlySavingsCents,
  yearlySavingsPercent,
  type PlanPrice,
} from './plans';

function priceOf(id: 'premium' | 'professional'): PlanPrice {
  const price = PLANS[id].price;
  if (!price) throw new Error(`${id} has no price`);
  return price;
}

describe('the price table (DESIGN.md deviation 9)', () => {
  it('charges Free $0, Premium $29/month or $276/year, Professional $99/month or $950/year', () => {
    expect(PLANS.free.price).toEqual({ monthlyCents: 0, yearlyCents: 0 });
    expect(priceOf('premium')).toEqual({ monthlyCents: 2900, yearlyCents: 27600 });
    expect(priceOf('professional')).toEqual({ monthlyCents: 9900, yearlyCents: 95000 });
    expect(centsToDollars(priceOf('premium').monthlyCents)).toBe(29);
    expect(centsToDollars(priceOf('professional').yearlyCents)).toBe(950);
  });

  it('prices Enterprise by contact', () => {
    expect(PLANS.enterprise.price).toBeNull();
  });

  it('shows Premium yearly as $23/month: 276 / 12 = 23', () => {
    expect(yearlyPricePerMonthDollars(priceOf('premium'))).toBe(23);
    expect(276 / 12).toBe(23);
  });

  it('shows Professional yearly as $79/month: 950 / 12 = 79.17, rounded to 79', () => {
    expect(950 / 12).toBeCloseTo(79.17, 2);
    expect(yearlyPricePerMonthDollars(priceOf('professional'))).toBe(79);
  });

  it('saves $72 on Premium (29 × 12 − 276) and $238 on Professional (99 × 12 − 950)', () => {
    expect(yearlySavingsCents(priceOf('premium'))).toBe(7200);
    expect(29 * 12 - 276).toBe(72);
    expect(yearlySavingsCents(priceOf('professional'))).toBe(23800);
    expect(99 * 12 - 950).toBe(238);
  });

  it("makes the spec's 'Save 20%' label true for both paid plans, never overstated", () => {
    expect(yearlySavingsPercent(priceOf('premium'))).toBe(20); // 72 / 348 = 20.69 %
    expect(yearlySavingsPercent(priceOf('professional'))).toBe(20); // 238 / 1188 = 20.03 %
    expect(yearlySavingsPercent({ monthlyCents: 0, yearlyCents: 0 })).toBe(0);
  });

  it('charges per billing period and formats whole dollars', () => {
    expect(chargeCents(priceOf('premium'), 'monthly')).toBe(2900);
    expect(chargeCents(priceOf('premium'), 'yearly')).toBe(27600);
    expect(formatPlanDollars(29)).toBe('$29');
    expect(formatPlanDollars(950)).toBe('$950');
    expect(formatPlanDollars(0)).toBe('$0');
  });
});

describe('the plan matrix (spec 000 §6, spec 001 §6)', () => {
  it('lists the four plans in order', () => {
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual(['free', 'premium', 'professional', 'enterprise']);
    expect(PLAN_IDS).toEqual(['free', 'premium', 'professional', 'enterprise']);
  });

  it("gives Free the spec's five lines", () => {
    expect(planFeatureList('free')).toEqual([
      'Basic portfolio analysis',
      'Real-time data',
      'Education',
      'Portfolio health check',
      'AI analyses: 3 per month',
    ]);
  });

  it('adds AI Trading Suggestions, Multi-Account Aggregation, priority support and the terminal to Premium, saying what is not built yet', () => {
    expect(planAdditions('premium')).toEqual([
      'AI analyses: Unlimited',
      'AI Trading Suggestions',
      'Multi-Account Aggregation',
      'Priority support',
      'Trading terminal access',
    ]);
  });

  it('adds advanced terminal analytics, global coverage, multi-client, white-label reports and API access to Professional', () => {
    expect(planAdditions('professional')).toEqual([
      'Advanced terminal analytics',
      'Global market coverage',
      'Multi-client features',
      'White-label reports',
      'API access',
    ]);
    expect(planFeatureMatrix().filter((row) => row.isComing)).toEqual([]);
  });

  it('includes every lower plan in each higher plan', () => {
    expect(planIncludes('professional', 'premium')).toBe(true);
    expect(planIncludes('premium', 'professional')).toBe(false);
    for (const row of planFeatureMatrix()) {
      const included = PLAN_IDS.map((id) => row.values[id] !== false);
      // Once a plan has a feature, every plan after it has it.
      expect(included.indexOf(true)).toBeGreaterThanOrEqual(0);
      expect(included.slice(included.indexOf(true)).every(Boolean)).toBe(true);
    }
    expect(planFeatureList('enterprise')).toEqual(planFeatureList('professional'));
  });

  it('builds one comparison row per feature with a value for each plan', () => {
    const aiTrading = planFeatureMatrix().find((row) => row.id === 'ai-trading-suggestions');
    expect(aiTrading?.values).toEqual({ free: false, premium: true, professional: true, enterprise: true });
    const analyses = planFeatureMatrix().find((row) => row.id === 'ai-analyses');
    expect(analyses?.values.free).toBe('3 per month');
    expect(new Set(planFeatureMatrix().map((row) => row.id)).size).toBe(planFeatureMatrix().length);
  });
});

describe('the plan copy on a server without a language model', () => {
  const RULES = { hasLanguageModel: false };

  it('sells no AI analyses: every plan analyses without limit, and Premium adds nothing to that', () => {
    expect(planFeatureList('free', RULES)).toEqual([
      'Basic portfolio analysis',
      'Real-time data',
      'Education',
      'Portfolio health check',
      'Portfolio analyses: Unlimited',
    ]);
    expect(planAdditions('premium', RULES)).toEqual([
      'AI Trading Suggestions',
      'Multi-Account Aggregation',
      'Priority support',
      'Trading terminal access',
    ]);
    expect(planAdditions('professional', RULES)).toEqual(planAdditions('professional'));
    const matrix = planFeatureMatrix(RULES);
    expect(matrix.find((row) => row.id === 'ai-analyses')).toBeUndefined();
    expect(matrix.find((row) => row.id === 'portfolio-analyses')?.values).toEqual({
      free: 'Unlimited',
      premium: 'Unlimited',
      professional: 'Unlimited',
      enterprise: 'Unlimited',
    });
    expect(matrix.map((row) => row.label).join(' ')).not.toMatch(/AI analys/);
  });

  it("keeps the spec's copy with a model, and words Premium's line without one", () => {
    expect(planTagline('premium')).toBe('Unlimited AI analyses and the trading terminal.');
    expect(planTagline('premium', { hasLanguageModel: true })).toBe(planTagline('premium'));
    expect(planTagline('premium', RULES)).toBe(
      'Trading suggestions, all your accounts in one view, and the trading terminal.',
    );
    expect(planTagline('free', RULES)).toBe(PLANS.free.tagline);
  });
});

describe('the entitlement table (issue 26 item 5)', () => {
  it('keeps the feature ids that routes, pages and feature manifests name', () => {
    expect(PLAN_FEATURES.map((feature) => feature.id)).toEqual([
      'portfolio-analysis',
      'real-time-data',
      'education',
      'health-check',
      'ai-analyses',
      'ai-trading-suggestions',
      'multi-account-aggregation',
      'priority-support',
      'terminal-access',
      'advanced-terminal-analytics',
      'global-market-coverage',
      'multi-client',
      'white-label-reports',
      'api-access',
    ]);
  });

  it("gives a plan a feature exactly where the pricing page's card and comparison show it, with or without a model", () => {
    for (const copy of [{ hasLanguageModel: true }, { hasLanguageModel: false }]) {
      const matrix = planFeatureMatrix(copy);
      for (const plan of PLAN_IDS) {
        const card = planFeatureList(plan, copy);
        for (const feature of PLAN_FEATURES) {
          const row = matrix.find((r) => r.id === feature.id);
          // The analyses row is the one the copy rewords (every plan has it either way).
          if (feature.id === 'ai-analyses') {
            expect(planHasFeature(plan, feature.id)).toBe(true);
            continue;
          }
          const { label } = feature;
          const isOnCard = card.some(
            (line) =>
              line === label || line.startsWith(`${label}: `) || line === `${label} ${COMING_SOON_MARK}`,
          );
          expect(planHasFeature(plan, feature.id), `${feature.id} on ${plan}`).toBe(isOnCard);
          expect(row?.values[plan] !== false, `${feature.id} on ${plan} in the comparison`).toBe(isOnCard);
        }
      }
    }
  });

  it('opens the terminal from Premium, and clients, reports, API and global coverage from Professional', () => {
    expect(PLAN_IDS.filter((plan) => planHasFeature(plan, 'terminal-access'))).toEqual([
      'premium',
      'professional',
      'enterprise',
    ]);
    for (const feature of [
      'multi-client',
      'white-label-reports',
      'api-access',
      'global-market-coverage',
    ] as const) {
      expect(PLAN_IDS.filter((plan) => planHasFeature(plan, feature))).toEqual([
        'professional',
        'enterprise',
      ]);
      expect(planIntroducing(feature).name).toBe('Professional');
    }
    expect(planIntroducing('ai-trading-suggestions').name).toBe('Premium');
    expect(planIntroducing('real-time-data').name).toBe('Free');
  });

  it("writes the 'AI analyses' row from the allowance that is counted", () => {
    const row = planFeatureMatrix().find((r) => r.id === 'ai-analyses');
    expect(row?.values).toEqual({
      free: `${AI_ANALYSES_PER_MONTH.free} per month`,
      premium: 'Unlimited',
      professional: 'Unlimited',
      enterprise: 'Unlimited',
    });
    expect(AI_ANALYSES_PER_MONTH).toEqual({ free: 3, premium: null, professional: null, enterprise: null });
  });

  it('sells by card the plans with a price, and counts every plan above Free as paid', () => {
    expect(PAID_PLAN_IDS).toEqual(
      PLAN_LIST.filter((plan) => plan.price !== null && plan.price.monthlyCents > 0).map((plan) => plan.id),
    );
    expect(PLAN_IDS.filter(isPaidPlan)).toEqual(['premium', 'professional', 'enterprise']);
  });
});
