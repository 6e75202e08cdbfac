import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

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
