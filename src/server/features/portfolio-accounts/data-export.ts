/** The portfolio accounts (multi-account aggregation) in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { portfolioAccount } from './schema';

export const portfolioAccountsAccountData = defineAccountData({
  portfolioAccounts: async ({ tx, userId }) => {
    const accounts = await tx
      .select({
        id: portfolioAccount.id,
        accountType: portfolioAccount.accountType,
        accountName: portfolioAccount.accountName,
        holdings: portfolioAccount.holdings,
        isManual: portfolioAccount.isManual,
        createdAt: portfolioAccount.createdAt,
        lastUpdated: portfolioAccount.lastUpdated,
      })
      .from(portfolioAccount)
      .where(eq(portfolioAccount.userId, userId))
      .orderBy(asc(portfolioAccount.position));
    return accounts.map((a) => ({
      ...a,
      createdAt: a.createdAt.toISOString(),
      lastUpdated: a.lastUpdated.toISOString(),
    }));
  },
});
