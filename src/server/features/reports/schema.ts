import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';
import { bytea } from '../../db/columns';

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
