import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { session, user } from './schema';
import type { CachedSession, SessionCache } from './session-cache';

export const SESSION_COOKIE = 'fw_session';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Lifetimes: a plain sign-in, and one with 'Remember me' (which really lasts longer). */
export const SESSION_LIFETIMES = {
  standard: { idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS },
  remembered: { idleMs: 30 * DAY_MS, absoluteMs: 90 * DAY_MS },
} as const;

/** A session's idle expiry slides forward at most this often, so reading it is not a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface NewSession {
  /** The cookie value (32 random bytes, base64url); only its SHA-256 is stored. */
  token: string;
  idHash: string;
  isPersistent: boolean;
  absoluteExpiresAt: Date;
}

export interface SessionUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: 'free' | 'premium' | 'professional';
  subscriptionStatus: string;
  isDemo: boolean;
  role: 'user' | 'admin';
  emailVerifiedAt: Date | null;
  /** When the password in use was proven through the mailbox or by the operator; null when nobody proved it. */
  passwordProvenAt: Date | null;
}

export interface ValidSession {
  idHash: string;
  user: SessionUserRow;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function lifetimeOf(isPersistent: boolean) {
  return isPersistent ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.standard;
}

/** Opens a new session (a new id every time: never reuse one across sign-ins). */
export async function createSession(
  db: Database,
  options: { userId: string; rememberMe?: boolean; now?: Date },
): Promise<NewSession> {
  const now = options.now ?? new Date();
  const isPersistent = options.rememberMe === true;
  const lifetime = lifetimeOf(isPersistent);
  const token = randomBytes(32).toString('base64url');
  const idHash = hashSessionToken(token);
  const absoluteExpiresAt = new Date(now.getTime() + lifetime.absoluteMs);
  await db.insert(session).values({
    idHash,
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + lifetime.idleMs),
    absoluteExpiresAt,
    isPersistent,
  });
  return { token, idHash, isPersistent, absoluteExpiresAt };
}

/**
 * The user columns a session carries. Instances cache validated sessions (session-cache.ts), so a change to
 * any of these must be announced: migration 0010's trigger `user_session_fields_changed_notify` (0024's now) watches
 * these columns (but the id, which never changes) and the password hash, and a test compares the lists.
 */
export const SESSION_USER_COLUMNS = {
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  plan: user.plan,
  subscriptionStatus: user.subscriptionStatus,
  isDemo: user.isDemo,
  role: user.role,
  emailVerifiedAt: user.emailVerifiedAt,
  passwordProvenAt: user.passwordProvenAt,
};

/** The per-request session query, prepared once per database so PostgreSQL plans it once per connection. */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Database) {
  return db
    .select({
      lastSeenAt: session.lastSeenAt,
      idleExpiresAt: session.idleExpiresAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
      isPersistent: session.isPersistent,
      user: SESSION_USER_COLUMNS,
    })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(eq(session.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('session_lookup');
}

function sessionLookup(db: Database) {
  let prepared = preparedLookups.get(db);
  if (!prepared) {
    prepared = prepareSessionLookup(db);
    preparedLookups.set(db, prepared);
  }
  return prepared;
}

/**
 * The session of a cookie token and its user, in one query on the primary key joined to the user, or from
 * `cache` (session-cache.ts) when this process validated it recently and nothing changed since. An expired
 * session is deleted and counts as none; a live one slides its idle expiry (at most once a minute), cached or
 * not.
 */
export async function validateSessionToken(
  db: Database,
  token: string,
  options: { cache?: SessionCache; now?: Date } = {},
): Promise<ValidSession | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const { cache, now = new Date() } = options;
  const nowMs = now.getTime();
  const idHash = hashSessionToken(token);
  const cached = cache?.get(idHash, nowMs);
  if (cached) {
    if (isTouchDue(cached, nowMs) && !(await touchSession(db, idHash, cached, now))) {
      cache?.drop(idHash);
      return undefined;
    }
    return { idHash, user: cached.user };
  }

  const ticket = cache?.ticket();
  const [row] = await sessionLookup(db).execute({ idHash });
  if (!row) return undefined;
  if (row.idleExpiresAt.getTime() <= nowMs || row.absoluteExpiresAt.getTime() <= nowMs) {
    await deleteSession(db, idHash);
    return undefined;
  }
  if (isTouchDue(row, nowMs) && !(await touchSession(db, idHash, row, now))) return undefined;
  if (cache && ticket !== undefined) cache.store(idHash, row, ticket, nowMs);
  return { idHash, user: row.user };
}

function isTouchDue(found: CachedSession, nowMs: number): boolean {
  return nowMs - found.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;
}

/**
 * Slides the idle expiry of `found` (its fields are updated too); false when the session is gone, which a
 * cached session learns here at the latest.
 */
async function touchSession(db: Database, idHash: string, found: CachedSession, now: Date): Promise<boolean> {
  const idleExpiresAt = new Date(
    Math.min(now.getTime() + lifetimeOf(found.isPersistent).idleMs, found.absoluteExpiresAt.getTime()),
  );
  const touched = await db
    .update(session)
    .set({ lastSeenAt: now, idleExpiresAt })
    .where(eq(session.idHash, idHash))
    .returning({ idHash: session.idHash });
  if (touched.length === 0) return false;
  found.lastSeenAt = now;
  found.idleExpiresAt = idleExpiresAt;
  return true;
}

export async function deleteSession(db: Database, idHash: string): Promise<void> {
  await db.delete(session).where(eq(session.idHash, idHash));
}

/** Deletes the user's sessions except `keepIdHash` (all of them without one); answers how many. */
export async function deleteSessionsOfUser(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  userId: string,
  keepIdHash?: string,
): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), keepIdHash ? ne(session.idHash, keepIdHash) : undefined))
    .returning({ idHash: session.idHash });
  return deleted.length;
}

/** Removes every session past its idle or absolute expiry (for a scheduled job); returns how many. */
export async function deleteExpiredSessions(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(or(lte(session.idleExpiresAt, now), lte(session.absoluteExpiresAt, now)))
    .returning({ idHash: session.idHash });
  return deleted.length;
}

/** Secure when configured, or when the request itself came over HTTPS. */
function isSecureRequest(request: FastifyRequest): boolean {
  return request.server.deps.config.cookieSecure || request.protocol === 'https';
}

/**
 * HttpOnly, SameSite=Lax, Path=/. 'Remember me' makes it persistent for the session's absolute lifetime;
 * otherwise it is a browser-session cookie (no Max-Age).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, created: NewSession): void {
  reply.setCookie(SESSION_COOKIE, created.token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureRequest(request),
    ...(created.isPersistent ? { maxAge: Math.floor(SESSION_LIFETIMES.remembered.absoluteMs / 1000) } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureRequest(request),
  });
}
