import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../contracts/accounts';
import { clearSessionCookie, SESSION_COOKIE, validateSessionToken, type SessionUserRow } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request, read from the session cookie; undefined for a visitor. */
    user: User | undefined;
    /** The stored id (SHA-256 of the cookie token) of the current session; undefined for a visitor. */
    sessionIdHash: string | undefined;
  }
  interface FastifyContextConfig {
    /**
     * A mutating route that never changes its user's account or sessions (a trade): its answer leaves the
     * user's cached sessions in place. Left unset, a route only costs the user's next request a lookup.
     */
    keepsSession?: boolean;
  }
}

/**
 * The stored role, or an email in ADMIN_EMAILS that is verified AND whose password in use was proven: set by a
 * reset link or the operator command. Whoever signs up a listed address first chose its password, so the
 * owner's click on the verification mail proves the mailbox but not that password (issue 24).
 */
function isAdmin(row: SessionUserRow, adminEmails: readonly string[]): boolean {
  if (row.role === 'admin') return true;
  return (
    row.emailVerifiedAt !== null &&
    row.passwordProvenAt !== null &&
    adminEmails.includes(row.email.toLowerCase())
  );
}

/**
 * The user as the API shows it, never a password hash. Admin is the stored role (set by the operator command),
 * or an email in ADMIN_EMAILS once its owner has verified it and proven the password (see isAdmin): signing up
 * with a listed address proves nothing.
 */
export function toPublicUser(row: SessionUserRow, adminEmails: readonly string[]): User {
  const email = row.email;
  return {
    id: row.id,
    email,
    name: email.slice(0, Math.max(0, email.lastIndexOf('@'))) || email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: isAdmin(row, adminEmails) ? 'admin' : 'user',
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
    // A demo account has no mailbox, so nothing asks it to verify one (its role never depends on this).
    emailVerified: row.emailVerifiedAt !== null || row.isDemo,
    isDemo: row.isDemo,
  };
}

const API_V1_PATH = '/api/v1/';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Reads the session cookie of every /api request but /api/v1's (one indexed query, or the session cache) and sets
 * `request.user` and `request.sessionIdHash`. A cookie whose session is gone or expired is cleared.
 * Registered without encapsulation (skip-override, as fastify-plugin does) so the hooks cover every route
 * registered after it.
 *
 * A signed-in request that may have changed something (any method but GET, HEAD, OPTIONS) drops its user's
 * cached sessions (and API tokens and saved portfolio: every user cache) before its answer leaves, so the
 * same browser's next request, or its script's, reads what it just wrote (sign-out, plan, password, a revoked
 * token, a saved portfolio) without waiting for the database's notification, which other instances get.
 * Routes marked `keepsSession` are left out: a stream of trades would otherwise read the session every time.
 */
export const currentUserPlugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { config, database } = app.deps;
  const { cache } = app.services.sessions;
  const { userCaches } = app.services;
  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionIdHash', undefined);

  const readSession = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const found = await validateSessionToken(database.db, token, { cache });
    if (!found) {
      clearSessionCookie(request, reply);
      return;
    }
    request.user = toPublicUser(found.user, config.adminEmails);
    request.sessionIdHash = found.idHash;
  };

  // A callback hook, not an async one: the requests it leaves alone (no cookie, /api/v1, not /api) go on
  // without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    // /api/v1 authenticates by API token only (decision 030): a cookie there is no session.
    if (!request.url.startsWith('/api/') || request.url.startsWith(API_V1_PATH)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    readSession(request, reply, token).then(() => done(), done);
  });

  app.addHook('onSend', (request, _reply, payload, done) => {
    const { user, method, routeOptions } = request;
    if (user && !SAFE_METHODS.has(method) && !routeOptions.config.keepsSession) {
      for (const userCache of userCaches) userCache.dropUser(user.id);
    }
    done(null, payload);
  });
};
Object.assign(currentUserPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'current-user',
});
