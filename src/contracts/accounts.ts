import { z } from 'zod';
import { planHasFeature, type PlanFeatureId } from '../domain/plans';
import { text } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password as typed (not trimmed): required, at most 128 characters, no control characters. */
const password = ({ required }: { required: string }) =>
  text({
    field: 'Password',
    max: PASSWORD_MAX_LENGTH,
    min: 1,
    trim: false,
    required,
    tooShort: required,
    tooLong: 'Password must be at most 128 characters long',
  });

export const PLANS = ['free', 'premium', 'professional'] as const;
export const ZPlan = z.enum(PLANS);
export type Plan = z.infer<typeof ZPlan>;

export const ZRole = z.enum(['user', 'admin']);
export type Role = z.infer<typeof ZRole>;

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  /** The part of the email before the @ (spec 000 §3). */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  plan: ZPlan,
  subscriptionStatus: z.string(),
  /** Whether the owner has proved the mailbox (a verification or password-reset link). */
  emailVerified: z.boolean(),
  /** A 'Try the demo' account: with demo features on, Demo Settings can switch its plan without paying. */
  isDemo: z.boolean(),
});
export type User = z.infer<typeof ZUser>;

const email = text({
  field: 'Email',
  max: 254,
  min: 1,
  required: 'Email is required',
  tooShort: 'Email is required',
  tooLong: 'Email is too long',
}).pipe(z.email('Please enter a valid email address'));

/** Signup (spec 001 §5): the first message covers any empty required field. */
export const ZSignupRequest = z.strictObject({
  firstName: text({
    field: 'First name',
    max: 100,
    min: 1,
    required: 'Please fill in all required fields',
    tooShort: 'Please fill in all required fields',
    tooLong: 'First name is too long',
  }),
  lastName: text({
    field: 'Last name',
    max: 100,
    min: 1,
    required: 'Please fill in all required fields',
    tooShort: 'Please fill in all required fields',
    tooLong: 'Last name is too long',
  }),
  email: text({
    field: 'Email',
    max: 254,
    min: 1,
    required: 'Please fill in all required fields',
    tooShort: 'Please fill in all required fields',
    tooLong: 'Email is too long',
  }).pipe(email),
  password: password({ required: 'Please fill in all required fields' }).min(
    PASSWORD_MIN_LENGTH,
    'Password must be at least 8 characters long',
  ),
});
export type SignupRequest = z.infer<typeof ZSignupRequest>;

/** Login (spec 000 §5): both fields required, 'Email and password are required'. */
export const ZLoginRequest = z.strictObject({
  email: text({
    field: 'Email',
    max: 254,
    min: 1,
    required: 'Email and password are required',
    tooShort: 'Email and password are required',
    tooLong: 'Email is too long',
    invalid: 'Please enter a valid email address',
  }),
  password: password({ required: 'Email and password are required' }),
  /** 'Remember me': a persistent cookie and a longer absolute lifetime. */
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZAuthUserResponse = z.object({ user: ZUser });
export type AuthUserResponse = z.infer<typeof ZAuthUserResponse>;

/** GET /api/auth/me, the session probe: a visitor is not an error, so no session answers 200 `{ user: null }`. */
export const ZSessionResponse = z.object({ user: ZUser.nullable() });
export type SessionResponse = z.infer<typeof ZSessionResponse>;

/**
 * Signup, resend and forgot-password answer 202 with this same body whether or not the email has an account,
 * so that none of them tells a stranger which addresses are registered.
 */
export const ZEmailSentResponse = z.object({
  status: z.enum(['verification_sent', 'reset_sent']),
  email: z.string(),
});
export type EmailSentResponse = z.infer<typeof ZEmailSentResponse>;

/** The token of a mailed link: 32 random bytes, base64url. */
const linkToken = text({
  field: 'Link',
  max: 43,
  trim: false,
  message: 'This link is invalid or has expired.',
}).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is invalid or has expired.');

export const ZVerifyEmailRequest = z.strictObject({ token: linkToken });

export const ZResendVerificationRequest = z.strictObject({ email });

export const ZForgotPasswordRequest = z.strictObject({ email });

/** A new password: the signup rules (length here, the common-password list on the server). */
const newPassword = password({ required: 'Password is required' }).min(
  PASSWORD_MIN_LENGTH,
  'Password must be at least 8 characters long',
);

export const ZResetPasswordRequest = z.strictObject({ token: linkToken, password: newPassword });
export type ResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

const currentPassword = password({ required: 'Current password is required' });

export const ZChangePasswordRequest = z.strictObject({ currentPassword, newPassword });
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** Change password and 'Sign out of other devices': how many other sessions were ended. */
export const ZSignedOutSessionsResponse = z.object({ signedOutSessions: z.number().int().min(0) });
export type SignedOutSessionsResponse = z.infer<typeof ZSignedOutSessionsResponse>;

/** The word typed to confirm 'Delete my account'. */
export const DELETE_ACCOUNT_CONFIRM_WORD = 'DELETE';

export const ZDeleteAccountRequest = z.strictObject({
  password: currentPassword,
  confirm: text({
    field: 'Confirmation',
    max: 100,
    message: `Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`,
  }).refine(
    (v) => v.trim() === DELETE_ACCOUNT_CONFIRM_WORD,
    `Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`,
  ),
});
export type DeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** 'Download my data': everything stored for the account, secrets and hashes left out. */
export const ZAccountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: ZRole,
    plan: ZPlan,
    subscriptionStatus: z.string(),
    isDemo: z.boolean(),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      isPersistent: z.boolean(),
      isCurrent: z.boolean(),
    }),
  ),
  savedPortfolio: z.object({ holdings: z.record(z.string(), z.number()), updatedAt: z.string() }).nullable(),
  paperPortfolios: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      initialBalance: z.string(),
      cashBalance: z.string(),
      createdAt: z.string(),
      holdings: z.array(z.object({ symbol: z.string(), quantity: z.number(), averageCost: z.string() })),
    }),
  ),
  trades: z.array(
    z.object({
      id: z.string(),
      portfolioId: z.string(),
      symbol: z.string(),
      side: z.enum(['buy', 'sell']),
      quantity: z.number(),
      price: z.string(),
      totalValue: z.string(),
      realizedPnl: z.string().nullable(),
      priceSource: z.string(),
      executedAt: z.string(),
    }),
  ),
  rewards: z.object({
    /** The player number leaderboards show ('User 42'), or null before the first points. */
    playerNumber: z.number().nullable(),
    timeZone: z.string().nullable(),
    totalPoints: z.number(),
    lifetimePoints: z.number(),
    transactions: z.array(
      z.object({ points: z.number(), category: z.string(), reason: z.string(), createdAt: z.string() }),
    ),
    achievements: z.array(
      z.object({ achievementId: z.string(), points: z.number(), unlockedAt: z.string() }),
    ),
    /** Points per leaderboard period (UTC ISO week or month). */
    periods: z.array(z.object({ periodKind: z.string(), periodStart: z.string(), points: z.number() })),
  }),
  analyses: z.array(z.object({ month: z.string(), count: z.number() })),
  apiKeys: z.array(
    z.object({ vendor: z.string(), maskedKey: z.string(), createdAt: z.string(), updatedAt: z.string() }),
  ),
  /** Personal tokens of the read API: never the token or its hash. */
  apiTokens: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      scopes: z.array(z.string()),
      last4: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
    }),
  ),
  clients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      holdings: z.record(z.string(), z.number()),
      archivedAt: z.string().nullable(),
      lastReviewedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** The report branding; the logo as stored, base64-encoded (at most 512 KB before encoding). */
  reportBranding: z
    .object({
      firmName: z.string().nullable(),
      color: z.string().nullable(),
      logo: z
        .object({
          type: z.string(),
          width: z.number(),
          height: z.number(),
          updatedAt: z.string(),
          base64: z.string(),
        })
        .nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  alerts: z.object({
    conditions: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        clientId: z.string().nullable(),
        symbol: z.string().nullable(),
        threshold: z.string(),
        enabled: z.boolean(),
        lastMailedOn: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    triggered: z.array(
      z.object({
        id: z.string(),
        conditionId: z.string().nullable(),
        clientId: z.string().nullable(),
        severity: z.string(),
        message: z.string(),
        isSimulated: z.boolean(),
        triggeredAt: z.string(),
        acknowledgedAt: z.string().nullable(),
      }),
    ),
  }),
  snapshots: z.array(
    z.object({
      clientId: z.string().nullable(),
      date: z.string(),
      totalValue: z.string(),
      totalGainLoss: z.string(),
      totalGainLossPercent: z.number(),
      isSimulated: z.boolean(),
    }),
  ),
  advisorQuestions: z.array(
    z.object({ symbol: z.string(), question: z.string(), action: z.string(), askedAt: z.string() }),
  ),
  tradingSuggestions: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      suggestionType: z.string(),
      actionText: z.string(),
      priority: z.string(),
      riskLevel: z.string(),
      confidence: z.number(),
      potentialReturn: z.string().nullable(),
      currentPrice: z.string(),
      targetPrice: z.string().nullable(),
      reasoning: z.string(),
      reasoningSource: z.string(),
      priceSource: z.string(),
      status: z.string(),
      createdAt: z.string(),
      seenAt: z.string().nullable(),
      executedAt: z.string().nullable(),
    }),
  ),
  portfolioAccounts: z.array(
    z.object({
      id: z.string(),
      accountType: z.string(),
      accountName: z.string(),
      holdings: z.record(z.string(), z.number()),
      isManual: z.boolean(),
      createdAt: z.string(),
      lastUpdated: z.string(),
    }),
  ),
  billing: z.object({
    /** The account's customer id at Stripe, once it has paid or started a checkout. */
    stripeCustomerId: z.string().nullable(),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        plan: z.string(),
        interval: z.string(),
        status: z.string(),
        currentPeriodStart: z.string(),
        currentPeriodEnd: z.string(),
        cancelAtPeriodEnd: z.boolean(),
        trialEnd: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    purchases: z.array(
      z.object({
        paymentIntentId: z.string(),
        amountCents: z.number(),
        currency: z.string(),
        startsAt: z.string(),
        endsAt: z.string(),
      }),
    ),
  }),
  /** Each portfolio's history (decision 036): numbers as exact decimal strings, and each portfolio's method. */
  activities: z.object({
    portfolios: z.array(
      z.object({ portfolio: z.string(), costBasisMethod: z.string(), createdAt: z.string() }),
    ),
    activities: z.array(
      z.object({
        id: z.string(),
        portfolio: z.string(),
        type: z.string(),
        date: z.string(),
        symbol: z.string().nullable(),
        quantity: z.string().nullable(),
        price: z.string().nullable(),
        fee: z.string().nullable(),
        amount: z.string().nullable(),
        currency: z.string(),
        note: z.string().nullable(),
        source: z.string(),
        importId: z.string().nullable(),
        fileName: z.string().nullable(),
        line: z.number().nullable(),
        createdAt: z.string(),
      }),
    ),
    /** The column mappings remembered for the headers of files no format recognises. */
    importMappings: z.array(z.object({ headerKey: z.string(), mapping: z.unknown(), updatedAt: z.string() })),
  }),
  /** The performance settings (issue 28 item 3): null when the base currency was never set (USD). */
  performanceSettings: z.object({ baseCurrency: z.string(), updatedAt: z.string() }).nullable(),
  contactMessages: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      company: z.string().nullable(),
      message: z.string(),
      createdAt: z.string(),
      handledAt: z.string().nullable(),
    }),
  ),
});
export type AccountExport = z.infer<typeof ZAccountExport>;

const PLAN_LABELS: Record<Plan, string> = { free: 'Free', premium: 'Premium', professional: 'Professional' };

/** The message of a 403 SUBSCRIPTION_REQUIRED for a feature of `plans` (the web shows it before asking, too). */
export function subscriptionRequiredMessage(plans: readonly Plan[]): string {
  const paid = plans.filter((p) => p !== 'free');
  const label = paid.map((p) => PLAN_LABELS[p]).join(' or ') || PLAN_LABELS.premium;
  const target = paid.includes('premium') || paid.length === 0 ? 'Premium' : label;
  return `This feature requires a ${label} plan. Upgrade to ${target} to continue.`;
}

/** The plans an account can be on that include a plan feature (the entitlement table of src/domain/plans.ts). */
export function accountPlansWith(feature: PlanFeatureId): Plan[] {
  return PLANS.filter((plan) => planHasFeature(plan, feature));
}

/**
 * The message of a 403 SUBSCRIPTION_REQUIRED for a plan feature, named by the plans that include it ('This
 * feature requires a Premium or Professional plan. Upgrade to Premium to continue.'); upgrade prompts show it too.
 */
export function featureRequiredMessage(feature: PlanFeatureId): string {
  return subscriptionRequiredMessage(accountPlansWith(feature));
}
