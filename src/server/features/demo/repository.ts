import { and, eq } from 'drizzle-orm';
import type { Plan } from '../../../contracts/accounts';
import { SESSION_USER_COLUMNS } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { user } from '../../auth/schema';

/** Sets a demo account's plan, marked 'demo'; returns the session user's columns, or undefined for a real account. */
export async function setDemoAccountPlan(db: Database, userId: string, plan: Plan) {
  const [row] = await db
    .update(user)
    .set({ plan, subscriptionStatus: 'demo' })
    .where(and(eq(user.id, userId), eq(user.isDemo, true)))
    .returning(SESSION_USER_COLUMNS);
  return row;
}
