import { describe, expect, it } from 'vitest';
import {
  addOneMonth,
  deriveEffectivePlan,
  hasPayingSubscription,
  isStartedSubscriptionStatus,
  parsePriceLookupKey,
  priceLookupKey,
  unpaidPlanBlockingPurchase,
  type StoredSubscription,
} from './subscriptions';

const at = (iso: string) => new Date(iso);

function subscription(overrides: Partial<StoredSubscription> = {}): StoredSubscription {
  return {
    status: 'active',
    plan: 'premium',
    interval: 'monthly',
    currentPeriodEnd: at('2026-12-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    trialEnd: null,
    pastDueSince: null,
    createdAt: at('2026-11-01T00:00:00Z'),
    ...overrides,
  };
}

const NOW = at('2026-11-20T12:00:00Z');

function derive(subscriptions: StoredSubscription[], purchases: { endsAt: Date }[] = [], now = NOW) {
  return deriveEffectivePlan({ subscriptions, purchases, now });
}

describe('deriveEffectivePlan', () => {
  it("gives an admin's complimentary plan over any billing state, with no deadline, until it is revoked", () => {
    const complimentary = {
      status: 'complimentary',
      interval: null,
      accessEndsAt: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: null,
    };
    const paying = [subscription({ plan: 'professional' })];
    // Over a paid professional subscription, premium granted is premium: the grant overrides.
    expect(
      deriveEffectivePlan({ subscriptions: paying, purchases: [], now: NOW, complimentaryPlan: 'premium' }),
    ).toEqual({ plan: 'premium', ...complimentary });
    // Over nothing, or a lapsed subscription and an ended purchase.
    expect(
      deriveEffectivePlan({
        subscriptions: [subscription({ status: 'canceled', currentPeriodEnd: at('2026-11-01T00:00:00Z') })],
        purchases: [{ endsAt: at('2026-11-10T00:00:00Z') }],
        now: NOW,
        complimentaryPlan: 'professional',
      }),
    ).toEqual({ plan: 'professional', ...complimentary });
    // Revoked (null): billing decides again.
    expect(
      deriveEffectivePlan({ subscriptions: paying, purchases: [], now: NOW, complimentaryPlan: null }).plan,
    ).toBe('professional');
  });

  it('is free with status none without any billing state', () => {
    expect(derive([])).toEqual({
      plan: 'free',
      status: 'none',
      interval: null,
      accessEndsAt: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: null,
    });
  });

  it('gives an active subscription its plan with no deadline (it renews)', () => {
    expect(derive([subscription({ plan: 'professional', interval: 'yearly' })])).toEqual({
      plan: 'professional',
      status: 'active',
      interval: 'yearly',
      accessEndsAt: at('2026-12-01T00:00:00Z'),
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: null,
    });
  });

  it('gives a trialing subscription its plan and the trial end', () => {
    const trialEnd = at('2026-11-25T00:00:00Z');
    const result = derive([subscription({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd })]);
    expect(result).toMatchObject({
      plan: 'premium',
      status: 'trialing',
      trialEndsAt: trialEnd,
      reviewAt: null,
    });
  });

  it('keeps a subscription canceled at period end until the period ends, then free', () => {
    const sub = subscription({ cancelAtPeriodEnd: true });
    expect(derive([sub])).toMatchObject({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: true,
      reviewAt: at('2026-12-01T00:00:00Z'),
    });
    expect(derive([sub], [], at('2026-12-01T00:00:00Z'))).toMatchObject({ plan: 'free', status: 'active' });
  });

  it('keeps a canceled subscription until the end of its paid period', () => {
    const sub = subscription({ status: 'canceled' });
    expect(derive([sub])).toMatchObject({
      plan: 'premium',
      status: 'canceled',
      reviewAt: sub.currentPeriodEnd,
    });
    expect(derive([sub], [], at('2026-12-01T00:00:01Z'))).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('keeps past_due for 7 days after the failed period started, then free', () => {
    const sub = subscription({
      status: 'past_due',
      pastDueSince: at('2026-11-15T00:00:00Z'),
      currentPeriodEnd: at('2026-12-15T00:00:00Z'),
    });
    expect(derive([sub])).toMatchObject({
      plan: 'premium',
      status: 'past_due',
      reviewAt: at('2026-11-22T00:00:00Z'),
    });
    expect(derive([sub], [], at('2026-11-21T23:59:59Z')).plan).toBe('premium');
    expect(derive([sub], [], at('2026-11-22T00:00:00Z'))).toMatchObject({ plan: 'free', status: 'past_due' });
  });

  it('ends a subscription canceled after failed payments at the grace end, not the unpaid period end', () => {
    const sub = subscription({
      status: 'canceled',
      pastDueSince: at('2026-11-01T00:00:00Z'),
      currentPeriodEnd: at('2026-12-01T00:00:00Z'),
    });
    expect(derive([sub]).plan).toBe('free');
  });

  it.each(['incomplete', 'incomplete_expired', 'unpaid', 'paused'] as const)(
    'gives nothing for %s',
    (status) => {
      expect(derive([subscription({ status })])).toMatchObject({ plan: 'free', status, reviewAt: null });
    },
  );

  it('gives a one-month purchase Premium until its end', () => {
    const endsAt = at('2026-12-10T00:00:00Z');
    expect(derive([], [{ endsAt }])).toEqual({
      plan: 'premium',
      status: 'active',
      interval: null,
      accessEndsAt: endsAt,
      cancelAtPeriodEnd: false,
      trialEndsAt: null,
      reviewAt: endsAt,
    });
    expect(derive([], [{ endsAt }], endsAt).plan).toBe('free');
  });

  it('takes the highest plan granted, and reviews at the earliest deadline', () => {
    const result = derive(
      [
        subscription({
          plan: 'professional',
          status: 'canceled',
          currentPeriodEnd: at('2026-12-05T00:00:00Z'),
        }),
      ],
      [{ endsAt: at('2026-12-10T00:00:00Z') }],
    );
    expect(result).toMatchObject({
      plan: 'professional',
      status: 'canceled',
      accessEndsAt: at('2026-12-05T00:00:00Z'),
      reviewAt: at('2026-12-05T00:00:00Z'),
    });
  });

  it('prefers the renewing subscription over a purchase of the same plan', () => {
    const result = derive([subscription()], [{ endsAt: at('2026-12-10T00:00:00Z') }]);
    expect(result).toMatchObject({ plan: 'premium', status: 'active', interval: 'monthly' });
  });

  it('reports the latest subscription status when nothing grants access', () => {
    const result = derive([
      subscription({ status: 'incomplete_expired', createdAt: at('2026-10-01T00:00:00Z') }),
      subscription({ status: 'unpaid', createdAt: at('2026-11-01T00:00:00Z') }),
    ]);
    expect(result).toMatchObject({ plan: 'free', status: 'unpaid' });
  });
});

describe('hasPayingSubscription', () => {
  it('is true for active, trialing and past_due within the grace', () => {
    expect(hasPayingSubscription([subscription()], NOW)).toBe(true);
    expect(hasPayingSubscription([subscription({ status: 'trialing' })], NOW)).toBe(true);
    const pastDue = subscription({ status: 'past_due', pastDueSince: at('2026-11-15T00:00:00Z') });
    expect(hasPayingSubscription([pastDue], NOW)).toBe(true);
    expect(hasPayingSubscription([pastDue], at('2026-11-22T00:00:00Z'))).toBe(false);
  });

  it('is false for canceled (even within its period), incomplete and no subscription', () => {
    expect(hasPayingSubscription([subscription({ status: 'canceled' })], NOW)).toBe(false);
    expect(hasPayingSubscription([subscription({ status: 'incomplete' })], NOW)).toBe(false);
    expect(hasPayingSubscription([], NOW)).toBe(false);
  });
});

describe('price lookup keys', () => {
  it('names the four prices and reads them back', () => {
    expect(priceLookupKey('premium', 'monthly')).toBe('foliowise_premium_monthly');
    expect(priceLookupKey('professional', 'yearly')).toBe('foliowise_professional_yearly');
    expect(parsePriceLookupKey('foliowise_professional_monthly')).toEqual({
      plan: 'professional',
      interval: 'monthly',
    });
    expect(parsePriceLookupKey('foliowise_enterprise_monthly')).toBeNull();
    expect(parsePriceLookupKey(null)).toBeNull();
  });
});

describe('addOneMonth', () => {
  it('adds a calendar month, clamping to the last day', () => {
    expect(addOneMonth(at('2026-11-20T12:30:00Z'))).toEqual(at('2026-12-20T12:30:00Z'));
    expect(addOneMonth(at('2027-01-31T08:00:00Z'))).toEqual(at('2027-02-28T08:00:00Z'));
    expect(addOneMonth(at('2028-01-31T08:00:00Z'))).toEqual(at('2028-02-29T08:00:00Z'));
    expect(addOneMonth(at('2026-12-15T00:00:00Z'))).toEqual(at('2027-01-15T00:00:00Z'));
  });
});

describe('unpaidPlanBlockingPurchase (spec 000 §6, issue 25 item 14)', () => {
  it('refuses every purchase to a complimentary plan, and a demo plan the plans it includes', () => {
    const complimentary = { plan: 'premium', status: 'complimentary' } as const;
    expect(unpaidPlanBlockingPurchase(complimentary, 'premium')).toBe('complimentary');
    expect(unpaidPlanBlockingPurchase(complimentary, 'professional')).toBe('complimentary');
    expect(unpaidPlanBlockingPurchase({ plan: 'premium', status: 'demo' }, 'premium')).toBe('demo');
    expect(unpaidPlanBlockingPurchase({ plan: 'professional', status: 'demo' }, 'premium')).toBe('demo');
    expect(unpaidPlanBlockingPurchase({ plan: 'premium', status: 'demo' }, 'professional')).toBeNull();
    expect(unpaidPlanBlockingPurchase({ plan: 'free', status: 'demo' }, 'premium')).toBeNull();
    // A paying subscriber is Stripe's list's to refuse; a one-month buyer may start a subscription.
    expect(unpaidPlanBlockingPurchase({ plan: 'premium', status: 'active' }, 'premium')).toBeNull();
  });

  it('counts a subscription as bought once it started: not while its first invoice is unpaid', () => {
    expect(
      ['trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'].every(isStartedSubscriptionStatus),
    ).toBe(true);
    expect(isStartedSubscriptionStatus('incomplete')).toBe(false);
    expect(isStartedSubscriptionStatus('incomplete_expired')).toBe(false);
  });
});
