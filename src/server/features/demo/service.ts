import type { Plan, User } from '../../../contracts/accounts';
import { AppError } from '../../../contracts/errors';
import { toPublicUser } from '../../auth/current-user';
import type { Database } from '../../db/client';
import { setDemoAccountPlan } from './repository';

export const DEMO_FEATURES_OFF_MESSAGE = 'Demo features are not available on this server.';
export const NOT_A_DEMO_ACCOUNT_MESSAGE = 'Only demo accounts can switch plans without paying.';

/**
 * Demo Settings (spec 000 "Demo Settings floating panel"; DESIGN.md deviation 2): with demo features on, a demo
 * account sets its own plan on the server, so every premium screen can be seen without paying. Never a real
 * account (403); with demo features off the route answers 404 before it gets here.
 */
export async function switchDemoPlan(options: {
  db: Database;
  adminEmails: readonly string[];
  user: User;
  plan: Plan;
}): Promise<User> {
  if (!options.user.isDemo) throw new AppError('FORBIDDEN', NOT_A_DEMO_ACCOUNT_MESSAGE);
  const row = await setDemoAccountPlan(options.db, options.user.id, options.plan);
  if (!row) throw new AppError('FORBIDDEN', NOT_A_DEMO_ACCOUNT_MESSAGE);
  return toPublicUser(row, options.adminEmails);
}
