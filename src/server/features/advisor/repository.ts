import { desc, eq } from 'drizzle-orm';
import type { AdviceAction } from '../../../domain/advisor';
import type { Database } from '../../db/client';
import { adviceQuestion } from './schema';

export async function insertAdviceQuestion(
  db: Database,
  values: { userId: string; symbol: string; question: string; action: AdviceAction },
): Promise<void> {
  await db.insert(adviceQuestion).values(values);
}

/** The user's latest questions, newest first. */
export function listAdviceQuestions(db: Database, userId: string, limit: number) {
  return db
    .select({
      id: adviceQuestion.id,
      symbol: adviceQuestion.symbol,
      question: adviceQuestion.question,
      action: adviceQuestion.action,
      askedAt: adviceQuestion.askedAt,
    })
    .from(adviceQuestion)
    .where(eq(adviceQuestion.userId, userId))
    .orderBy(desc(adviceQuestion.askedAt))
    .limit(limit);
}
