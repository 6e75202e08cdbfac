import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * Billing: one row per Stripe subscription, as last read from Stripe after a webhook (never from the event
 * body alone). `last_event_at` is the `created` time of the newest event applied: an older event that is
 * handled later never overwrites it.
 */
export const subscription = pgTable(
  'subscription',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    priceLookupKey: text('price_lookup_key').notNull(),
    plan: text('plan', { enum: ['premium', 'professional'] }).notNull(),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', {
      enum: [
        'incomplete',
        'incomplete_expired',
        'trialing',
        'active',
        'past_due',
        'canceled',
        'unpaid',
        'paused',
      ],
    }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    /** Start of the period whose invoice failed, while unpaid (the grace counts from it); null once paid. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** Stripe's `created` of the subscription. */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_user_idx').on(t.userId),
    index('subscription_customer_idx').on(t.customerId),
    index('subscription_status_idx').on(t.status, t.lastEventAt),
    // The admin's MRR (active subscriptions per plan and interval) and trials in a range, read from indexes only.
    index('subscription_status_plan_idx').on(t.status, t.plan, t.interval),
    index('subscription_trial_created_idx')
      .on(t.stripeCreatedAt)
      .where(sql`${t.trialEnd} is not null`),
  ],
);

/**
 * Billing: every Stripe webhook event received, stored (id as primary key, so a second delivery inserts
 * nothing) before the webhook answers 2xx, then applied once: `processed_at` is set in the transaction that
 * applies it. An event whose Stripe read failed waits for `next_attempt_at`.
 */
export const stripeEvent = pgTable(
  'stripe_event',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** Stripe's `created` of the event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The event's `data.object`, as Stripe signed it. */
    object: jsonb('object').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('stripe_event_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/** Billing: a one-month Premium purchase (a succeeded payment intent), Premium from `starts_at` to `ends_at`, no renewal. */
export const premiumPurchase = pgTable(
  'premium_purchase',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('premium_purchase_user_idx').on(t.userId, t.endsAt)],
);

/**
 * The emails that have had a free trial, as a keyed one-way digest (HMAC-SHA256 of the lower-cased address,
 * crypto/email-digest.ts), not tied to any user row: deleting the account and signing up again with the same
 * email brings no second trial. No email is stored.
 */
export const trialEmail = pgTable('trial_email', {
  emailDigest: text('email_digest').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
