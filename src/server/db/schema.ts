import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const user = pgTable(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    plan: text('plan', { enum: ['free', 'premium', 'professional'] })
      .notNull()
      .default('free'),
    subscriptionStatus: text('subscription_status').notNull().default('none'),
    stripeCustomerId: text('stripe_customer_id'),
    /**
     * When `plan` must be derived again though no Stripe event comes (end of a past_due grace, of a canceled
     * period, of a one-month purchase): the billing job does it (src/server/features/billing). Null: only an
     * event changes it.
     */
    planReviewAt: timestamp('plan_review_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner proved the mailbox (a verification or reset link); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * When the password in use was proven to belong to the mailbox's owner: set by a reset link, or by the operator
     * command (`npm run admin -- grant`); null after signup and after a change in settings. ADMIN_EMAILS makes an
     * account admin only with this and `emailVerifiedAt` set (auth/current-user.ts).
     */
    passwordProvenAt: timestamp('password_proven_at', { withTimezone: true }),
    /** Stored role: only the operator command (`npm run admin`) makes it 'admin'; ADMIN_EMAILS adds verified addresses. */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /** Set by an admin: the account cannot sign in and its sessions were deleted; null when it may. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** A plan granted by an admin free of charge: it overrides billing (decision 029) until revoked (null). */
    complimentaryPlan: text('complimentary_plan', { enum: ['premium', 'professional'] }),
  },
  (t) => [
    uniqueIndex('user_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('user_stripe_customer_idx').on(t.stripeCustomerId),
    index('user_plan_review_idx')
      .on(t.planReviewAt)
      .where(sql`${t.planReviewAt} is not null`),
    check('user_role_valid', sql`${t.role} in ('user', 'admin')`),
    check(
      'user_complimentary_plan_valid',
      sql`${t.complimentaryPlan} is null or ${t.complimentaryPlan} in ('premium', 'professional')`,
    ),
    // The admin's user list, its export and the signups per day read users newest first.
    index('user_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('user_plan_created_idx').on(
      t.plan.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The admin's search by email or name, `ILIKE '%text%'` (pg_trgm, migration 0018 creates the extension).
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('user_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // The admin's counts of demo accounts and of grants read only these few rows.
    index('user_demo_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isDemo}`),
    index('user_complimentary_idx')
      .on(t.complimentaryPlan)
      .where(sql`${t.complimentaryPlan} is not null`),
  ],
);

/**
 * Single-use links sent by mail (email verification, password reset): only the SHA-256 of the random token is
 * stored; a token is used by setting `used_at` in the same statement that checks it is unused and unexpired.
 */
export const accountToken = pgTable(
  'account_token',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_token_user_purpose_idx').on(t.userId, t.purpose),
    index('account_token_expires_idx').on(t.expiresAt),
    check('account_token_purpose_valid', sql`${t.purpose} in ('verify_email', 'reset_password')`),
  ],
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

export const session = pgTable(
  'session',
  {
    /** SHA-256 of the cookie token: a leaked table does not leak usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    isPersistent: boolean('is_persistent').notNull().default(false),
  },
  (t) => [
    index('session_user_idx').on(t.userId),
    index('session_absolute_expires_idx').on(t.absoluteExpiresAt),
  ],
);

/**
 * Fixed-window counters of every limit (sign-in failures, signups, demo accounts, trades, imports, route
 * limits) when Redis is not configured; shared by every app instance (src/server/limits/postgres-store.ts).
 * A row whose window has ended counts from 1 again on its next hit; `deleteExpiredLimitCounters` drops them.
 */
export const limitCounter = pgTable(
  'limit_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_counter_expires_idx').on(t.expiresAt)],
);

/**
 * Daily closes from real vendors (never simulated ones, which are computed on demand), so a history is
 * fetched once: later requests read it here and ask the vendor only for the days not yet covered.
 */
export const dailyBar = pgTable(
  'daily_bar',
  {
    symbol: text('symbol').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull(),
    source: text('source', { enum: ['yahoo', 'coingecko', 'alphavantage', 'polygon', 'fmp'] }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'daily_bar_pk', columns: [t.symbol, t.date] })],
);

/**
 * The contiguous span of dates already asked of a vendor per symbol, whatever bars it returned (none on
 * holidays, none before a listing), so that a gap in the vendor's data is not asked for again and again.
 */
export const dailyBarSpan = pgTable('daily_bar_span', {
  symbol: text('symbol').primaryKey(),
  firstDate: date('first_date', { mode: 'string' }).notNull(),
  lastDate: date('last_date', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Paper trading: a virtual portfolio. Its cash moves only inside a trade's transaction, under a row lock. */
export const paperPortfolio = pgTable(
  'paper_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    initialBalance: numeric('initial_balance', { precision: 14, scale: 2 }).notNull(),
    cashBalance: numeric('cash_balance', { precision: 14, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('paper_portfolio_user_created_idx').on(t.userId, t.createdAt),
    check('paper_portfolio_cash_non_negative', sql`${t.cashBalance} >= 0`),
    check('paper_portfolio_initial_positive', sql`${t.initialBalance} > 0`),
  ],
);

/** Paper trading: shares held per portfolio and symbol; a row whose quantity reaches 0 is deleted. */
export const paperHolding = pgTable(
  'paper_holding',
  {
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => paperPortfolio.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    quantity: integer('quantity').notNull(),
    averageCost: numeric('average_cost', { precision: 18, scale: 6 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'paper_holding_pk', columns: [t.portfolioId, t.symbol] }),
    check('paper_holding_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Paper trading: the ledger, one row per fill. `idempotency_key` (the Idempotency-Key header) is unique per
 * user, so a retried request fills once across instances and races.
 */
export const paperTrade = pgTable(
  'paper_trade',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => paperPortfolio.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    quantity: integer('quantity').notNull(),
    price: numeric('price', { precision: 18, scale: 6 }).notNull(),
    totalValue: numeric('total_value', { precision: 14, scale: 2 }).notNull(),
    realizedPnl: numeric('realized_pnl', { precision: 14, scale: 2 }),
    priceSource: text('price_source').notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('paper_trade_user_idempotency_key_idx').on(t.userId, t.idempotencyKey),
    index('paper_trade_user_executed_idx').on(t.userId, t.executedAt.desc().nullsFirst()),
    index('paper_trade_portfolio_executed_idx').on(t.portfolioId, t.executedAt),
    index('paper_trade_executed_idx').on(t.executedAt),
    check('paper_trade_side_valid', sql`${t.side} in ('buy', 'sell')`),
    check('paper_trade_quantity_positive', sql`${t.quantity} > 0`),
    check('paper_trade_price_positive', sql`${t.price} > 0`),
  ],
);

/**
 * API settings: a user's own market-data vendor key, encrypted with the secret box (AES-256-GCM, the user id
 * as AAD). Only `last4` is kept in clear, for the masked display; the key itself is never stored or logged.
 */
export const userApiKey = pgTable(
  'user_api_key',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vendor: text('vendor', { enum: ['alphavantage', 'polygon', 'fmp'] }).notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_api_key_pk', columns: [t.userId, t.vendor] }),
    check('user_api_key_vendor_valid', sql`${t.vendor} in ('alphavantage', 'polygon', 'fmp')`),
  ],
);

/**
 * AI analyses used per subject and calendar month (UTC, 'YYYY-MM'): free accounts by user id, visitors by
 * their browser's `fw_visitor` cookie and by IP (both keyed by an HMAC, never the raw value). Shared by every
 * app instance; a use is reserved with a conditional upsert and given back when the model fails.
 */
export const analysisUsage = pgTable(
  'analysis_usage',
  {
    subjectKind: text('subject_kind', { enum: ['user', 'visitor', 'ip'] }).notNull(),
    subjectKey: text('subject_key').notNull(),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'analysis_usage_pk', columns: [t.subjectKind, t.subjectKey, t.month] }),
    check('analysis_usage_kind_valid', sql`${t.subjectKind} in ('user', 'visitor', 'ip')`),
    check('analysis_usage_month_format', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('analysis_usage_count_non_negative', sql`${t.count} >= 0`),
  ],
);

/** A signed-in user's analyzer portfolio (symbol -> quantity), saved to the account (DESIGN.md deviation 7). */
export const savedPortfolio = pgTable('saved_portfolio', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  holdings: jsonb('holdings').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rewards: the point ledger, one row per award (signed points; category earning, spending or bonus). A
 * once-only award (an achievement, a lesson's first read, a trade) carries a `dedupe_key` unique per user,
 * so it is booked once across retries, races and instances. Written only by the server, inside the
 * transaction of the event that earned it.
 */
export const pointTransaction = pgTable(
  'point_transaction',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    category: text('category', { enum: ['earning', 'spending', 'bonus'] }).notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('point_transaction_user_dedupe_idx').on(t.userId, t.dedupeKey),
    // DESC NULLS FIRST: what a plain `order by ... desc` means, so the planner reads the index in order.
    index('point_transaction_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The admin's activity figures count one reason over a range.
    index('point_transaction_reason_created_idx').on(t.reason, t.createdAt),
    check('point_transaction_category_valid', sql`${t.category} in ('earning', 'spending', 'bonus')`),
  ],
);

/**
 * Rewards: per-user totals and counters, kept in the same transaction as every ledger row (the row is
 * locked while an award is booked). `public_id` is the player number leaderboards show ('User 42'), never
 * the account id or email. `time_zone` is the browser's last reported IANA zone (streak days at award time).
 */
export const userPoints = pgTable(
  'user_points',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    publicId: integer('public_id').notNull().generatedAlwaysAsIdentity(),
    totalPoints: integer('total_points').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    timeZone: text('time_zone').notNull().default('UTC'),
    portfolioCount: integer('portfolio_count').notNull().default(0),
    tradeCount: integer('trade_count').notNull().default(0),
    sellCount: integer('sell_count').notNull().default(0),
    profitableSellCount: integer('profitable_sell_count').notNull().default(0),
    losingSellCount: integer('losing_sell_count').notNull().default(0),
    lessonCount: integer('lesson_count').notNull().default(0),
    analysisCount: integer('analysis_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_points_public_id_idx').on(t.publicId),
    index('user_points_lifetime_idx').on(t.lifetimePoints.desc().nullsFirst(), t.publicId),
    index('user_points_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Rewards: points per user and leaderboard period (UTC ISO week starting Monday, or UTC month), kept with
 * the ledger; the weekly and monthly leaderboards read the top rows of one period from its index.
 */
export const userPeriodPoints = pgTable(
  'user_period_points',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    periodKind: text('period_kind', { enum: ['week', 'month'] }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ name: 'user_period_points_pk', columns: [t.userId, t.periodKind, t.periodStart] }),
    index('user_period_points_rank_idx').on(
      t.periodKind,
      t.periodStart,
      t.points.desc().nullsFirst(),
      t.userId,
    ),
    check('user_period_points_kind_valid', sql`${t.periodKind} in ('week', 'month')`),
  ],
);

/** Rewards: an unlocked achievement (catalog in src/domain/rewards/achievements.ts), once per user, with its date and points. */
export const userAchievement = pgTable(
  'user_achievement',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }).notNull().defaultNow(),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ name: 'user_achievement_pk', columns: [t.userId, t.achievementId] })],
);

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
 * A message sent with the /contact form (Enterprise, 'Contact Sales'), kept for admins; `user_id` when the
 * sender was signed in (deleting the account deletes its messages, as every row of it), `handled_at` once an
 * admin dealt with it.
 */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_message_created_idx').on(t.createdAt.desc())],
);

/**
 * A user's custom alert condition (spec 000 §3). `armed`: it may fire; the evaluation job disarms it in the
 * same statement that records the alert, and re-arms it once it no longer holds, so a crossing fires once
 * across instances. `last_mailed_on`: the UTC day of its last e-mail (at most one a day). Decision 027.
 * `client_id`: a condition on one of the user's client portfolios (Professional); null for their own.
 */
export const alertCondition = pgTable(
  'alert_condition',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', {
      enum: ['price_above', 'price_below', 'percent_change', 'portfolio_value', 'gain_loss'],
    }).notNull(),
    clientId: uuid('client_id').references(() => clientPortfolio.id, { onDelete: 'cascade' }),
    symbol: text('symbol'),
    threshold: numeric('threshold', { precision: 20, scale: 6 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    armed: boolean('armed').notNull().default(true),
    lastMailedOn: date('last_mailed_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alert_condition_portfolio_idx').on(t.userId, t.clientId, t.createdAt),
    index('alert_condition_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('alert_condition_enabled_idx')
      .on(t.type)
      .where(sql`${t.enabled}`),
    check(
      'alert_condition_type_valid',
      sql`${t.type} in ('price_above', 'price_below', 'percent_change', 'portfolio_value', 'gain_loss')`,
    ),
    check('alert_condition_threshold_positive', sql`${t.threshold} > 0`),
    check(
      'alert_condition_symbol_by_type',
      sql`(${t.symbol} is not null) = (${t.type} in ('price_above', 'price_below', 'percent_change'))`,
    ),
  ],
);

/** An alert a condition fired (spec 000 §3 triggered alert), listed until the user acknowledges it. */
export const triggeredAlert = pgTable(
  'triggered_alert',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conditionId: uuid('condition_id').references(() => alertCondition.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clientPortfolio.id, { onDelete: 'cascade' }),
    severity: text('severity', { enum: ['critical', 'warning', 'info'] }).notNull(),
    message: text('message').notNull(),
    isSimulated: boolean('is_simulated').notNull(),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    index('triggered_alert_open_idx')
      .on(t.userId, t.clientId, t.triggeredAt.desc())
      .where(sql`${t.acknowledgedAt} is null`),
    index('triggered_alert_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    check('triggered_alert_severity_valid', sql`${t.severity} in ('critical', 'warning', 'info')`),
  ],
);

/**
 * A portfolio's value on a New York trading day (spec 000 §3 snapshot): one row per portfolio and day, the
 * gain/loss against the previous row (decision 027). `portfolio_id` names the portfolio: the user's id for
 * their saved portfolio (whose key it is), the client's id for a client portfolio (decision 032).
 */
export const portfolioSnapshot = pgTable(
  'portfolio_snapshot',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clientPortfolio.id, { onDelete: 'cascade' }),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(client_id, user_id)`),
    date: date('date', { mode: 'string' }).notNull(),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull(),
    totalGainLoss: numeric('total_gain_loss', { precision: 18, scale: 2 }).notNull(),
    totalGainLossPercent: doublePrecision('total_gain_loss_percent').notNull(),
    isSimulated: boolean('is_simulated').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'portfolio_snapshot_pk', columns: [t.portfolioId, t.date] }),
    // The cascades from a deleted user or client.
    index('portfolio_snapshot_user_idx').on(t.userId),
    index('portfolio_snapshot_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/**
 * Multi-account aggregation (premium): a user's brokerage, retirement and savings accounts, each a map of
 * symbol -> quantity. `is_manual`: added by the user (form or import), and so deletable; the demo accounts
 * are not. `last_updated`: the last sync, or the creation. `position` orders the accounts as they were added
 * (the demo's three are inserted at one instant).
 */
export const portfolioAccount = pgTable(
  'portfolio_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountType: text('account_type').notNull(),
    accountName: text('account_name').notNull(),
    // json, not jsonb: the holdings keep the order they were entered in (a card lists the first six).
    holdings: json('holdings').$type<Record<string, number>>().notNull(),
    isManual: boolean('is_manual').notNull(),
    position: bigint('position', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portfolio_account_user_position_idx').on(t.userId, t.position),
    check(
      'portfolio_account_type_known',
      sql`${t.accountType} in ('brokerage', '401k', 'ira', 'roth_ira', 'savings')`,
    ),
  ],
);

/**
 * Client portfolios (multi-client, Professional; docs/decisions/032): a user's named clients, each with its own
 * holdings (symbol -> quantity, normalised as the saved portfolio's). `archived_at` null while active;
 * `last_reviewed_at` stamped by 'Mark reviewed'. Values are never stored: the overview values them at quotes.
 */
export const clientPortfolio = pgTable(
  'client_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    holdings: jsonb('holdings').$type<Record<string, number>>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_portfolio_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * AI trading suggestions, per user (spec 000 §3). A generation replaces the user's open suggestions;
 * dismissed ones are deleted, executed ones kept. `seen_at` is set the first time the list is read
 * (the 'New' badge until then). Prices are display figures from the market data (`price_source`).
 */
export const tradingSuggestion = pgTable(
  'trading_suggestion',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    suggestionType: text('suggestion_type', { enum: ['buy', 'sell', 'rebalance', 'options'] }).notNull(),
    actionText: text('action_text').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    riskLevel: text('risk_level', { enum: ['high', 'medium', 'low'] }).notNull(),
    confidence: integer('confidence').notNull(),
    potentialReturn: numeric('potential_return', { precision: 10, scale: 2 }),
    currentPrice: numeric('current_price', { precision: 18, scale: 6 }).notNull(),
    targetPrice: numeric('target_price', { precision: 18, scale: 6 }),
    reasoning: text('reasoning').notNull(),
    reasoningSource: text('reasoning_source', { enum: ['model', 'rules'] }).notNull(),
    priceSource: text('price_source').notNull(),
    status: text('status', { enum: ['open', 'executed'] })
      .notNull()
      .default('open'),
    /** Order within one generation (highest confidence first). */
    rank: integer('rank').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    executedAt: timestamp('executed_at', { withTimezone: true }),
  },
  (t) => [
    index('trading_suggestion_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('trading_suggestion_status_valid', sql`${t.status} in ('open', 'executed')`),
    check('trading_suggestion_confidence_range', sql`${t.confidence} between 0 and 100`),
  ],
);

/** A signed-in user's questions to the AI advisor (listed on /financial-advisor); deleted with the account. */
export const adviceQuestion = pgTable(
  'advice_question',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    question: text('question').notNull(),
    /** The rating the answer gave: strong buy, buy, hold, sell, strong sell. */
    action: text('action').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advice_question_user_asked_idx').on(t.userId, t.askedAt.desc())],
);

/**
 * Personal API tokens of the read API (/api/v1, decision 030): only the SHA-256 of the token is stored; the
 * token itself is shown once. Revoking deletes the row, so the next request with it fails on any instance.
 */
export const apiToken = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's last four characters, to tell tokens apart in the list. */
    last4: text('last4').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per token, so a stream of requests is not a stream of writes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_token_hash_idx').on(t.tokenHash),
    index('api_token_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every admin action (plan grant and revoke, suspend, restore, delete, message handled): who, what, when. Kept
 * when either account is deleted: the emails are copied, the ids are not foreign keys.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    targetEmail: text('target_email'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * Running totals for the admin's figures (decision 029): rows per metric and UTC day, kept by triggers on the
 * counted tables in the same transaction as every insert, update, delete and truncate (migration 0018), so no
 * writer can forget them. Metrics: `signup_free`, `signup_premium`, `signup_professional` (users by their plan now
 * and the day they signed up), `signup_demo`, `paper_trade` (executed_at), `analysis_completed` (ledger rows of
 * that reason) and `last_active` (user_points.updated_at). Activity rows are split into 8 shards by user, so
 * concurrent awards of different users rarely wait on the same row; the figure is the sum over shards.
 */
export const adminDailyCount = pgTable(
  'admin_daily_count',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.shard] })],
);

/** Raw bytes (PostgreSQL bytea), read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A Professional user's report branding (decision 033): firm name, colour and logo, each optional (null: Foliowise's
 * own). The logo is stored as uploaded, after its type and dimensions were read from its header; at most 512 KB.
 */
export const reportBranding = pgTable(
  'report_branding',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    firmName: text('firm_name'),
    /** '#rrggbb', lower case. */
    color: text('color'),
    logo: bytea('logo'),
    /** 'image/png' or 'image/jpeg', read from the logo's first bytes. */
    logoType: text('logo_type'),
    logoWidth: integer('logo_width'),
    logoHeight: integer('logo_height'),
    logoUpdatedAt: timestamp('logo_updated_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'report_branding_logo_complete',
      sql`(${t.logo} is null) = (${t.logoType} is null) and (${t.logo} is null) = (${t.logoWidth} is null) and (${t.logo} is null) = (${t.logoHeight} is null) and (${t.logo} is null) = (${t.logoUpdatedAt} is null)`,
    ),
  ],
);
