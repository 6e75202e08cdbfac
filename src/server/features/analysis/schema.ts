import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
