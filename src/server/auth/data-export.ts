/**
 * The account's own rows in 'Download my data': the profile (never the password hash), the sessions (dates
 * only, never the id hash) and the API tokens (never the token's hash).
 */
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../contracts/errors';
import { defineAccountData } from '../feature';
import { apiToken, session, user } from './schema';

export const authAccountData = defineAccountData({
  profile: async ({ tx, userId }) => {
    const [profile] = await tx
      .select({
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        plan: user.plan,
        subscriptionStatus: user.subscriptionStatus,
        isDemo: user.isDemo,
        emailVerifiedAt: user.emailVerifiedAt,
        createdAt: user.createdAt,
      })
      .from(user)
      .where(eq(user.id, userId));
    if (!profile) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return {
      ...profile,
      emailVerifiedAt: profile.emailVerifiedAt?.toISOString() ?? null,
      createdAt: profile.createdAt.toISOString(),
    };
  },
  sessions: async ({ tx, userId, sessionIdHash }) => {
    const sessions = await tx
      .select({
        idHash: session.idHash,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        isPersistent: session.isPersistent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt));
    return sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      isPersistent: s.isPersistent,
      isCurrent: s.idHash === sessionIdHash,
    }));
  },
  apiTokens: async ({ tx, userId }) => {
    // Never the token's hash: its name, scopes, last four characters and dates.
    const apiTokens = await tx
      .select({
        id: apiToken.id,
        name: apiToken.name,
        scopes: apiToken.scopes,
        last4: apiToken.last4,
        createdAt: apiToken.createdAt,
        lastUsedAt: apiToken.lastUsedAt,
      })
      .from(apiToken)
      .where(eq(apiToken.userId, userId))
      .orderBy(asc(apiToken.createdAt), asc(apiToken.id));
    return apiTokens.map((token) => ({
      ...token,
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    }));
  },
});
