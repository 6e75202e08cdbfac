/** The performance settings in 'Download my data'. */
import { eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { performanceSetting } from './schema';

export const performanceAccountData = defineAccountData({
  performanceSettings: async ({ tx, userId }) => {
    const [row] = await tx
      .select({ baseCurrency: performanceSetting.baseCurrency, updatedAt: performanceSetting.updatedAt })
      .from(performanceSetting)
      .where(eq(performanceSetting.userId, userId));
    return row ? { baseCurrency: row.baseCurrency, updatedAt: row.updatedAt.toISOString() } : null;
  },
});
