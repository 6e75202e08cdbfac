/** The tables of who a person is and how they prove it: accounts (`user`), sessions and personal API tokens. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
