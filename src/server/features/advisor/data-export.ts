/** The questions asked of the AI advisor in 'Download my data'. */
import { asc, eq } from 'drizzle-orm';
import { defineAccountData } from '../../feature';
import { adviceQuestion } from './schema';

export const advisorAccountData = defineAccountData({
  advisorQuestions: async ({ tx, userId }) => {
    const advisorQuestions = await tx
      .select({
        symbol: adviceQuestion.symbol,
        question: adviceQuestion.question,
        action: adviceQuestion.action,
        askedAt: adviceQuestion.askedAt,
      })
      .from(adviceQuestion)
      .where(eq(adviceQuestion.userId, userId))
      .orderBy(asc(adviceQuestion.askedAt), asc(adviceQuestion.id));
    return advisorQuestions.map((q) => ({ ...q, askedAt: q.askedAt.toISOString() }));
  },
});
