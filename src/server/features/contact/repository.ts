import type { Database } from '../../db/client';
import { contactMessage } from './schema';

/** Stores one /contact message; returns its id and when it was received. */
export async function insertContactMessage(
  db: Database,
  values: { name: string; email: string; company: string | null; message: string; userId: string | null },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await db
    .insert(contactMessage)
    .values(values)
    .returning({ id: contactMessage.id, createdAt: contactMessage.createdAt });
  if (!row) throw new Error('contact_message insert returned no row');
  return row;
}
