import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

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
