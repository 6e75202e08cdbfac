import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/** A person's performance settings (issue 28 item 3): the base currency every value and return is shown in. */
export const performanceSetting = pgTable(
  'performance_setting',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** An ISO 4217 code of BASE_CURRENCIES (src/contracts/performance.ts); USD without a row. */
    baseCurrency: text('base_currency').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('performance_setting_base_currency_code', sql`${t.baseCurrency} ~ '^[A-Z]{3}$'`)],
);
