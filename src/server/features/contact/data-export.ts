/** The messages sent with the /contact form while signed in, in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { contactMessage } from './schema';

export const contactAccountData = defineAccountData({
  contactMessages: async ({ tx, userId }) => {
    const contactMessages = await tx
      .select({
        name: contactMessage.name,
        email: contactMessage.email,
        company: contactMessage.company,
        message: contactMessage.message,
        createdAt: contactMessage.createdAt,
        handledAt: contactMessage.handledAt,
      })
      .from(contactMessage)
      .where(eq(contactMessage.userId, userId))
      .orderBy(asc(contactMessage.createdAt), asc(contactMessage.id));
    return contactMessages.map((m) => ({
      ...m,
      createdAt: m.createdAt.toISOString(),
      handledAt: m.handledAt?.toISOString() ?? null,
    }));
  },
});
