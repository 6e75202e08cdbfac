import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PLANS, featureRequiredMessage, type Plan, type User } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import { subscriptionRequiredMessage } from '../../contracts/accounts';
import { PLAN_FEATURES, planFeatureMatrix, type PlanFeatureId } from '../../domain/plans';
import {
  assertGlobalMarketCoverage,
  featureGuardName,
  hasFeature,
  requireAdmin,
  requireFeature,
  requireUser,
  type Guard,
} from './guards';

const reply = {} as FastifyReply;

function userWith(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'ada@example.com',
    name: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    plan: 'free',
    subscriptionStatus: 'none',
    emailVerified: true,
    isDemo: false,
    ...overrides,
  };
}

async function run(guard: Guard, user: User | undefined): Promise<AppError | undefined> {
  try {
    await guard({ user } as FastifyRequest, reply);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('guards', () => {
  it('requireUser: 401 UNAUTHENTICATED for a visitor, through for a user', async () => {
    const error = await run(requireUser, undefined);
    expect(error).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
      message: 'Please sign in to continue.',
    });
    expect(await run(requireUser, userWith())).toBeUndefined();
  });

  it('requireAdmin: 401 for a visitor, 403 FORBIDDEN for a user, through for an admin', async () => {
    expect(await run(requireAdmin, undefined)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(await run(requireAdmin, userWith({ plan: 'professional' }))).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message: 'Administrator access required.',
    });
    expect(await run(requireAdmin, userWith({ role: 'admin' }))).toBeUndefined();
  });

  it('requireFeature: 401 for a visitor, 403 SUBSCRIPTION_REQUIRED naming the plans that include it', async () => {
    const terminal = requireFeature('terminal-access');
    expect(await run(terminal, undefined)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    const error = await run(terminal, userWith({ plan: 'free' }));
    expect(error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', status: 403 });
    expect(error?.message).toBe(
      'This feature requires a Premium or Professional plan. Upgrade to Premium to continue.',
    );
    for (const plan of ['premium', 'professional'] as Plan[]) {
      expect(await run(terminal, userWith({ plan }))).toBeUndefined();
    }
    // An admin is not a paying customer: the plan decides.
    expect(await run(terminal, userWith({ role: 'admin', plan: 'free' }))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
    });
  });

  it('requireFeature of a Professional feature refuses Premium, naming Professional', async () => {
    const clients = requireFeature('multi-client');
    expect(await run(clients, userWith({ plan: 'premium' }))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'This feature requires a Professional plan. Upgrade to Professional to continue.',
    });
    expect(await run(clients, userWith({ plan: 'professional' }))).toBeUndefined();
  });

  it("lets a plan through exactly where the pricing page's comparison shows the feature, for every plan", async () => {
    const features = new Set<string>(PLAN_FEATURES.map((feature) => feature.id));
    let checked = 0;
    for (const copy of [{ hasLanguageModel: true }, { hasLanguageModel: false }]) {
      for (const row of planFeatureMatrix(copy)) {
        if (!features.has(row.id)) continue; // the analyses row of a server without a model: a rewording
        const feature = row.id as PlanFeatureId;
        for (const plan of PLANS) {
          const error = await run(requireFeature(feature), userWith({ plan }));
          expect(error === undefined, `${feature} on ${plan}`).toBe(row.values[plan] !== false);
          expect(hasFeature(userWith({ plan }), feature)).toBe(row.values[plan] !== false);
          if (error) expect(error.message).toBe(featureRequiredMessage(feature));
          checked++;
        }
      }
    }
    expect(checked).toBe((2 * PLAN_FEATURES.length - 1) * PLANS.length);
    expect(hasFeature(undefined, 'real-time-data')).toBe(false);
  });

  it('names every feature guard by its feature, which the route table shows', () => {
    expect(requireFeature('api-access').name).toBe('requireFeature:api-access');
    expect(featureGuardName('white-label-reports')).toBe('requireFeature:white-label-reports');
  });

  it('says where global market coverage starts, from the same table', () => {
    expect(() => assertGlobalMarketCoverage(userWith({ plan: 'premium' }), ['AAPL', 'tsco.l'])).toThrow(
      'TSCO.L is listed outside the US: global market coverage is part of Professional. ' +
        'This feature requires a Professional plan. Upgrade to Professional to continue.',
    );
    expect(() => assertGlobalMarketCoverage(userWith({ plan: 'professional' }), ['TSCO.L'])).not.toThrow();
    expect(() => assertGlobalMarketCoverage(undefined, ['AAPL'])).not.toThrow();
  });

  it('every subscription message contains "Premium" when Premium unlocks the feature', () => {
    expect(subscriptionRequiredMessage(['premium'])).toBe(
      'This feature requires a Premium plan. Upgrade to Premium to continue.',
    );
    expect(subscriptionRequiredMessage(['premium', 'professional'])).toContain('Premium');
  });
});
