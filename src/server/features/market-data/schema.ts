import { bigint, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
