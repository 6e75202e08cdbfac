import {
  bigint,
  date,
  json,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns';

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

/**
 * Each symbol's closes of `daily_bar` per calendar year, packed in one row (decision 047): reading ten years of 50
 * symbols is 500 rows instead of 125,000, and their closes are bytes the driver copies rather than text it parses.
 * Written only by the triggers on `daily_bar` (migration 0031), in the transaction of every statement that writes
 * bars, whoever writes them.
 */
export const dailyCloseYear = pgTable(
  'daily_close_year',
  {
    symbol: text('symbol').notNull(),
    year: smallint('year').notNull(),
    /** The year's sessions as day numbers (days since 1970-01-01), oldest first. */
    days: json('days').$type<number[]>().notNull(),
    /** The close of each of `days`: IEEE 754 doubles, big-endian (PostgreSQL's float8send), 8 bytes each. */
    closes: bytea('closes').notNull(),
    /** Where the vendor changes: [index in `days`, vendor of the bars from there on], the first at 0. */
    sourceRuns: json('source_runs').$type<[number, string][]>().notNull(),
  },
  (t) => [primaryKey({ name: 'daily_close_year_pk', columns: [t.symbol, t.year] })],
);
