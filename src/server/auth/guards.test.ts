import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Plan, User } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import { subscriptionRequiredMessage } from '../../contracts/accounts';
import { requireAdmin, requirePlan, requireUser, type Guard } from './guards';

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

  it('requirePlan: 401 for a visitor, 403 SUBSCRIPTION_REQUIRED naming Premium for other plans', async () => {
    const premium = requirePlan('premium', 'professional');
    expect(await run(premium, undefined)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    const error = await run(premium, userWith({ plan: 'free' }));
    expect(error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', status: 403 });
    expect(error?.message).toBe(
      'This feature requires a Premium or Professional plan. Upgrade to Premium to continue.',
    );
    for (const plan of ['premium', 'professional'] as Plan[]) {
      expect(await run(premium, userWith({ plan }))).toBeUndefined();
    }
    // An admin is not a paying customer: the plan decides.
    expect(await run(premium, userWith({ role: 'admin', plan: 'free' }))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
    });
  });

  it('requirePlan for one plan only refuses the others', async () => {
    const professional = requirePlan('professional');
    expect(await run(professional, userWith({ plan: 'premium' }))).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
    });
    expect(await run(professional, userWith({ plan: 'professional' }))).toBeUndefined();
  });

  it('every subscription message contains "Premium" when Premium unlocks the feature', () => {
    expect(subscriptionRequiredMessage(['premium'])).toBe(
      'This feature requires a Premium plan. Upgrade to Premium to continue.',
    );
    expect(subscriptionRequiredMessage(['premium', 'professional'])).toContain('Premium');
  });
});
