import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../../auth/schema';

/**
 * A message sent with the /contact form (Enterprise, 'Contact Sales'), kept for admins; `user_id` when the
 * sender was signed in (deleting the account deletes its messages, as every row of it), `handled_at` once an
 * admin dealt with it.
 */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_message_created_idx').on(t.createdAt.desc())],
);
