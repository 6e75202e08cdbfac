import type { z } from 'zod';
import type { ContactResponse, ZContactRequest } from '../../../contracts/billing';
import type { Database } from '../../db/client';
import { insertContactMessage } from './repository';

/** Keeps a /contact message for the admins; a signed-in sender's account is noted with it. */
export async function sendContactMessage(options: {
  db: Database;
  userId: string | undefined;
  input: z.output<typeof ZContactRequest>;
}): Promise<ContactResponse> {
  const { input } = options;
  const row = await insertContactMessage(options.db, {
    name: input.name,
    email: input.email,
    company: input.company ? input.company : null,
    message: input.message,
    userId: options.userId ?? null,
  });
  return { id: row.id, receivedAt: row.createdAt.toISOString() };
}
