import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';
import { clientPortfolio } from '../clients/schema';

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
