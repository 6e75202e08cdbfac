import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';
import { clientPortfolio } from '../clients/schema';
import { portfolioAccount } from '../portfolio-accounts/schema';

/**
 * A portfolio that has a history or a chosen cost-basis method (docs/decisions/036): the user's own (`me`), one of
 * their portfolio accounts or one of their clients. Deleting the account or client deletes it and its history.
 * `key` is the API's name of it (`me`, `account:<id>`, `client:<id>`); every change of its history locks this row.
 */
export const activityPortfolio = pgTable(
  'activity_portfolio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => portfolioAccount.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clientPortfolio.id, { onDelete: 'cascade' }),
    key: text('key')
      .notNull()
      .generatedAlwaysAs(
        sql`case when account_id is not null then 'account:' || account_id::text when client_id is not null then 'client:' || client_id::text else 'me' end`,
      ),
    costBasisMethod: text('cost_basis_method', { enum: ['fifo', 'average'] })
      .notNull()
      .default('fifo'),
    /**
     * The map (symbol -> quantity) the ledger last wrote, in the transaction of every change of the history: a read
     * whose map equals it knows the map was not changed elsewhere without summing the history. NULL: not known yet
     * (a portfolio from before migration 0028), reconciled from the history.
     */
    ledgerMap: jsonb('ledger_map').$type<Record<string, number>>(),
    /**
     * Raised by the database with every statement that writes the portfolio's activities (migration 0030's
     * triggers, whoever writes them): a reader that kept the history of a version reads it again only when it moved.
     */
    historyVersion: bigint('history_version', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_portfolio_user_key_idx').on(t.userId, t.key),
    index('activity_portfolio_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    index('activity_portfolio_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    check('activity_portfolio_one_owner', sql`${t.accountId} is null or ${t.clientId} is null`),
    check('activity_portfolio_method_valid', sql`${t.costBasisMethod} in ('fifo', 'average')`),
  ],
);

/**
 * An activity of a portfolio's history (src/domain/activities/activity.ts): numbers exact (numeric, 10 decimals),
 * `sequence` its entry order (the replay's last key, and the newest-first pages' tie-break). `source`: manual,
 * import (with `import_id`, `file_name`, `line`), opening or map-edit.
 */
export const activity = pgTable(
  'activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => activityPortfolio.id, { onDelete: 'cascade' }),
    sequence: bigint('sequence', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    symbol: text('symbol'),
    quantity: numeric('quantity', { precision: 28, scale: 10 }),
    price: numeric('price', { precision: 28, scale: 10 }),
    fee: numeric('fee', { precision: 28, scale: 10 }),
    amount: numeric('amount', { precision: 28, scale: 10 }),
    currency: text('currency').notNull(),
    note: text('note'),
    source: text('source', { enum: ['manual', 'import', 'opening', 'map-edit'] }).notNull(),
    importId: uuid('import_id'),
    fileName: text('file_name'),
    line: integer('line'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest-first keyset pages, with and without a symbol.
    index('activity_portfolio_date_idx').on(t.portfolioId, t.date.desc(), t.sequence.desc()),
    index('activity_portfolio_symbol_date_idx').on(t.portfolioId, t.symbol, t.date.desc(), t.sequence.desc()),
    index('activity_import_idx')
      .on(t.importId)
      .where(sql`${t.importId} is not null`),
    check(
      'activity_type_valid',
      sql`${t.type} in ('buy', 'sell', 'dividend', 'interest', 'fee', 'tax', 'split', 'deposit', 'withdrawal', 'transfer_in', 'transfer_out')`,
    ),
    check('activity_source_valid', sql`${t.source} in ('manual', 'import', 'opening', 'map-edit')`),
    check(
      'activity_import_source',
      sql`(${t.source} = 'import') = (${t.importId} is not null and ${t.fileName} is not null and ${t.line} is not null)`,
    ),
  ],
);

/**
 * An uploaded file's import (issue 27 item 5): staged as a preview (`status: preview`, its usable rows in `rows`,
 * nothing in the history) until the person confirms it or it expires (`expires_at`, ACTIVITY_IMPORT_PREVIEW_HOURS
 * after the upload); once confirmed, the unit its activities (`activity.import_id`) are undone by, its rows
 * emptied. `portfolio` is the API's key of the portfolio it goes to (`me`, `account:<id>`, `client:<id>`).
 */
export const activityImport = pgTable(
  'activity_import',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    portfolio: text('portfolio').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    status: text('status', { enum: ['preview', 'confirmed', 'expired'] }).notNull(),
    /** The usable rows as the preview showed them (ImportedActivity[]), emptied once confirmed or expired. */
    rows: jsonb('rows').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('activity_import_user_idx').on(t.userId, t.createdAt.desc()),
    index('activity_import_status_expires_idx').on(t.status, t.expiresAt),
    check('activity_import_status_valid', sql`${t.status} in ('preview', 'confirmed', 'expired')`),
  ],
);

/**
 * A column mapping a person filled for a file no format recognises, remembered for that header (column-mapper.ts
 * `headerKey`) and used the next time a file with the same header comes. `header_digest` (SHA-256 of the key)
 * keeps the unique index small whatever the header's length.
 */
export const activityImportMapping = pgTable(
  'activity_import_mapping',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    headerDigest: text('header_digest').notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activity_import_mapping_user_header_idx').on(t.userId, t.headerDigest)],
);
