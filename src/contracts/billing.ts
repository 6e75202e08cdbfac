/**
 * Plans and payments (spec 000 §3, §5, §7, §8; spec 001 §3, §7, §8; DESIGN.md deviations 2, 3 and 9).
 *
 * The browser never decides what is charged: plan and interval pick a price from src/domain/plans.ts (found in
 * Stripe by lookup key), the spec's `amount`, `priceId` and `productId` are accepted and ignored, and a
 * `userId` or `customerId` the browser sends is never trusted (another user's id answers 404).
 */
import { z } from 'zod';
import { BILLING_INTERVALS, PAID_PLAN_IDS } from '../domain/plans';
import { ZPlan } from './accounts';
import { text } from './text';
import { BILLING_MESSAGES } from './billing-messages';

export const ZPaidPlan = z.enum(PAID_PLAN_IDS);
export type PaidPlan = z.infer<typeof ZPaidPlan>;

export const ZBillingInterval = z.enum(BILLING_INTERVALS);

/** Spec 000 §9: the multi-method page's choices, all offered through Stripe's Payment Element (deviation 3). */
export const PAYMENT_METHODS = ['credit-card', 'paypal', 'apple-pay', 'google-pay', 'bank-transfer'] as const;
export const ZPaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof ZPaymentMethod>;

// Kept in a module without zod, so that the pricing page can show them without loading zod.
export { BILLING_MESSAGES } from './billing-messages';

/** Stripe's ids: a prefix, an underscore, then letters and digits (cs_test_a1B2..., sub_..., cus_...). */
const stripeId = (prefix: string) =>
  text({ field: 'Id', max: 255, trim: false }).regex(
    new RegExp(`^${prefix}_[A-Za-z0-9_]+$`),
    'Not a valid id',
  );

const ignored = z.unknown().optional();

/** POST /api/create-checkout-session (signed in): Stripe Checkout in subscription mode. */
export const ZCheckoutSessionRequest = z.object({
  plan: ZPaidPlan.default('premium'),
  interval: ZBillingInterval.default('monthly'),
  /** Checked against the session user: another user's id answers 404. */
  userId: text({ field: 'User id', max: 100 }).optional(),
  productId: ignored,
  priceId: ignored,
  userEmail: ignored,
});
export type CheckoutSessionRequest = z.input<typeof ZCheckoutSessionRequest>;

export const ZRedirectUrlResponse = z.object({ url: z.string().url() });
export type RedirectUrlResponse = z.infer<typeof ZRedirectUrlResponse>;

/**
 * POST /api/create-subscription (signed in): creates (or reuses) the user's Stripe customer and an incomplete
 * subscription whose first invoice the Payment Element confirms. Strict: card, bank or PayPal details
 * (`paymentDetails`) are refused, they never reach our server (deviation 3).
 */
export const ZCreateSubscriptionRequest = z.strictObject({
  plan: ZPaidPlan,
  interval: ZBillingInterval,
  amount: ignored,
  customerEmail: text({
    field: 'Email',
    max: 254,
    min: 1,
    required: BILLING_MESSAGES.missingNameOrEmail,
    tooShort: BILLING_MESSAGES.missingNameOrEmail,
    tooLong: 'Email is too long',
  }).pipe(z.email('Please enter a valid email address')),
  customerName: text({
    field: 'Name',
    max: 200,
    min: 1,
    required: BILLING_MESSAGES.missingNameOrEmail,
    tooShort: BILLING_MESSAGES.missingNameOrEmail,
    tooLong: 'Name is too long',
  }),
  paymentMethod: ZPaymentMethod.optional(),
});
export type CreateSubscriptionRequest = z.input<typeof ZCreateSubscriptionRequest>;

export const ZCreateSubscriptionResponse = z.object({
  subscriptionId: z.string(),
  clientSecret: z.string(),
});
export type CreateSubscriptionResponse = z.infer<typeof ZCreateSubscriptionResponse>;

/** POST /api/create-payment-intent (signed in): one month of Premium, no renewal; the amount comes from plans.ts. */
export const ZPaymentIntentRequest = z.object({ amount: ignored });
export const ZPaymentIntentResponse = z.object({
  clientSecret: z.string(),
  /** What will be charged, in US cents (Premium's monthly price). */
  amountCents: z.number().int().positive(),
});
export type PaymentIntentResponse = z.infer<typeof ZPaymentIntentResponse>;

/** POST /api/create-portal-session (signed in): the hosted portal of the session user's own customer. */
export const ZPortalSessionRequest = z.object({ sessionId: ignored, customerId: ignored });

/** GET /api/checkout-sessions/:sessionId (signed in), for /success: read from Stripe; a forged or foreign id is 404. */
export const ZCheckoutSessionStatusParams = z.object({ sessionId: stripeId('cs') });
export const ZCheckoutSessionStatus = z.object({
  sessionId: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  paymentStatus: z.enum(['paid', 'unpaid', 'no_payment_required']),
  plan: ZPaidPlan.nullable(),
  interval: ZBillingInterval.nullable(),
  /** ISO time the free trial ends, when the subscription started with one. */
  trialEndsAt: z.string().nullable(),
});
export type CheckoutSessionStatus = z.infer<typeof ZCheckoutSessionStatus>;

/**
 * GET /api/billing (signed in): the billing card's and the account page's view of the user's plan.
 * `status` is Stripe's subscription status ('trialing', 'active', 'past_due', ...), 'demo' for a plan set by the
 * Demo Settings switcher, or 'none'.
 */
export const ZBillingSummary = z.object({
  plan: ZPlan,
  status: z.string(),
  interval: ZBillingInterval.nullable(),
  /** ISO time the current paid period (or one-month purchase) ends. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEndsAt: z.string().nullable(),
  /**
   * Whether the billing portal can open: a Stripe customer who bought something (a subscription that started,
   * or a one-month purchase). A customer made by opening a payment page is not enough.
   */
  hasBillingAccount: z.boolean(),
});
export type BillingSummary = z.infer<typeof ZBillingSummary>;

/** PUT /api/demo/plan: Demo Settings (demo features on, demo accounts only) sets the account's own plan. */
export const ZDemoPlanRequest = z.strictObject({ plan: ZPlan });
export type DemoPlanRequest = z.infer<typeof ZDemoPlanRequest>;

/** POST /api/contact: the /contact form (Enterprise, 'Contact Sales'). Kept for admins. */
export const ZContactRequest = z.strictObject({
  name: text({
    field: 'Name',
    max: 200,
    min: 1,
    required: 'Please enter your name.',
    tooShort: 'Please enter your name.',
    tooLong: 'Name is too long',
  }),
  email: text({
    field: 'Email',
    max: 254,
    min: 1,
    required: 'Please enter your email address.',
    tooShort: 'Please enter your email address.',
    tooLong: 'Email is too long',
  }).pipe(z.email('Please enter a valid email address')),
  company: text({ field: 'Company', max: 200, tooLong: 'Company is too long' }).optional(),
  message: text({
    field: 'Message',
    max: 5000,
    min: 1,
    multiline: true,
    required: 'Please enter a message.',
    tooShort: 'Please enter a message.',
    tooLong: 'Message is too long (5,000 characters at most)',
  }),
});
export type ContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactResponse = z.infer<typeof ZContactResponse>;
