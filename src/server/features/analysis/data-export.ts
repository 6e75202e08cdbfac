/** The AI analyses used per month in 'Download my data' (the counts keyed by the user's id). */
import { and, asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { analysisUsage } from './schema';

export const analysisAccountData = defineAccountData({
  analyses: async ({ tx, userId }) => {
    const analyses = await tx
      .select({ month: analysisUsage.month, count: analysisUsage.count })
      .from(analysisUsage)
      .where(and(eq(analysisUsage.subjectKind, 'user'), eq(analysisUsage.subjectKey, userId)))
      .orderBy(asc(analysisUsage.month));
    return analyses;
  },
});
