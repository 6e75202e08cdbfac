/** Client portfolios in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { clientPortfolio } from './schema';

export const clientsAccountData = defineAccountData({
  clients: async ({ tx, userId }) => {
    const clients = await tx
      .select({
        id: clientPortfolio.id,
        name: clientPortfolio.name,
        holdings: clientPortfolio.holdings,
        archivedAt: clientPortfolio.archivedAt,
        lastReviewedAt: clientPortfolio.lastReviewedAt,
        createdAt: clientPortfolio.createdAt,
        updatedAt: clientPortfolio.updatedAt,
      })
      .from(clientPortfolio)
      .where(eq(clientPortfolio.userId, userId))
      .orderBy(asc(clientPortfolio.createdAt), asc(clientPortfolio.id));
    return clients.map((client) => ({
      ...client,
      archivedAt: client.archivedAt?.toISOString() ?? null,
      lastReviewedAt: client.lastReviewedAt?.toISOString() ?? null,
      createdAt: client.createdAt.toISOString(),
      updatedAt: client.updatedAt.toISOString(),
    }));
  },
});
