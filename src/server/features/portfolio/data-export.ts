/** The saved portfolio in 'Download my data'. */
import { eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { savedPortfolio } from './schema';

export const portfolioAccountData = defineAccountData({
  savedPortfolio: async ({ tx, userId }) => {
    const [saved] = await tx
      .select({ holdings: savedPortfolio.holdings, updatedAt: savedPortfolio.updatedAt })
      .from(savedPortfolio)
      .where(eq(savedPortfolio.userId, userId));
    return saved ? { holdings: saved.holdings, updatedAt: saved.updatedAt.toISOString() } : null;
  },
});
