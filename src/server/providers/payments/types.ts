import type { BillingInterval } from '../../../domain/plans';
import type { PaidPlanId } from '../../../domain/plans';
import type { StripeSubscriptionStatus } from '../../../domain/subscriptions';

/** A price of ours in Stripe, found by its lookup key. */
export interface PriceRef {
  id: string;
  lookupKey: string;
  unitAmountCents: number;
  currency: string;
}

/** A subscription as Stripe has it now (read from the API, not from an event body). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** `metadata.userId` we set when creating it; null for one made elsewhere (dashboard). */
  userId: string | null;
  status: StripeSubscriptionStatus;
  /** The lookup key of its first item's price; null when the price has none of ours. */
  priceLookupKey: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  createdAt: Date;
}

export interface CheckoutSessionSnapshot {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  /** `metadata.userId` we set when creating it. */
  userId: string | null;
  plan: PaidPlanId | null;
  interval: BillingInterval | null;
  subscriptionId: string | null;
  /** The trial end of its subscription (expanded), when it has one. */
  trialEnd: Date | null;
}

/** A payment intent as Stripe has it now (read from the API, not from an event body). */
export interface PaymentIntentSnapshot {
  id: string;
  /** Stripe's status: only `succeeded` is a payment made. */
  status: string;
  amountReceivedCents: number;
  currency: string;
  /** The metadata we set when creating it (`userId`, `purpose`). */
  metadata: Record<string, string>;
  createdAt: Date;
}

/** The event fields the webhook handler reads; `object` is the event's data.object as Stripe sent it. */
export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: Date;
  object: Record<string, unknown>;
}

/** Thrown by a provider when Stripe cannot be reached or answers 429/5xx: the route answers 503. */
export class PaymentsUnavailableError extends Error {}

/** Thrown for a declined card (Stripe's card_error): the route answers 402 with Stripe's message. */
export class PaymentDeclinedError extends Error {}

/** Thrown when Stripe refuses our request (a bug or a misconfigured account): the route answers 502. */
export class PaymentsRequestError extends Error {}

/**
 * Thrown when Stripe does not know the customer a call names (deleted in the dashboard, or stored while the
 * app used another account or mode, test instead of live).
 */
export class CustomerMissingError extends Error {}

/** Thrown when one of our four prices is missing from the Stripe account (`npm run stripe:setup`). */
export class PriceNotSetUpError extends Error {}

/**
 * Stripe, as the billing feature uses it. Created only when STRIPE_SECRET_KEY is set. Every method throws one
 * of the errors above on failure; `retrieve...` answer null for an id Stripe does not know.
 */
export interface PaymentsProvider {
  /** The price of a plan and interval, by lookup key (cached). */
  priceFor(plan: PaidPlanId, interval: BillingInterval): Promise<PriceRef>;
  /**
   * Creates the customer of a user; the same user asking again gets the same customer (idempotency key),
   * unless it replaces one Stripe no longer knows (`replacing`).
   */
  createCustomer(input: {
    userId: string;
    email: string;
    name?: string;
    replacing?: string;
  }): Promise<string>;
  updateCustomer(customerId: string, input: { email: string; name: string }): Promise<void>;
  /** Every subscription of a customer, of any status, newest first (up to 100). */
  listSubscriptions(customerId: string): Promise<SubscriptionSnapshot[]>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /**
   * Cancels a subscription now (no refund of the period's unused part, nothing more invoiced); one Stripe no
   * longer knows counts as done.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntentSnapshot | null>;
  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    plan: PaidPlanId;
    interval: BillingInterval;
    price: PriceRef;
    trialDays: number | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionSnapshot | null>;
  /** An incomplete subscription whose first invoice the Payment Element confirms with `clientSecret`. */
  createSubscription(input: {
    userId: string;
    customerId: string;
    price: PriceRef;
  }): Promise<{ subscriptionId: string; clientSecret: string }>;
  createPaymentIntent(input: {
    userId: string;
    customerId: string;
    amountCents: number;
    currency: string;
    purpose: string;
  }): Promise<{ clientSecret: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
