/**
 * Personal API tokens as credentials (decision 030), beside the session's (sessions.ts): what /api/v1 asks on
 * every request. One indexed lookup joined to the owner's plan, kept per instance (ApiTokenCache) until the
 * database announces a change of that user (the token deleted, the plan changed), so a revoked token or a changed
 * plan counts on every instance as soon as the notification arrives; the last use is written at most once a
 * minute per token and instance; each request is counted against the token's per-minute limit. The guard that
 * uses them is api-token-guard.ts; creating, listing and revoking tokens is the api-tokens feature's.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Plan } from '../../contracts/accounts';
import { API_TOKEN_PATTERN, type ApiTokenScope } from '../../contracts/api-tokens';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared-statement';
import type { BatchedCounter } from '../limits/batched-counter';
import type { LimitCount } from '../limits/store';
import { UserCache } from '../lib/user-cache';
import { apiToken, user } from './schema';

/** last_used_at is exact to this interval: a stream of requests writes it once per interval, not per request. */
export const LAST_USE_INTERVAL_MS = 60_000;
/** How long a token is answered from memory at most (the notifications drop it sooner when it changes). */
export const API_TOKEN_CACHE_TTL_MS = 30_000;
/** The window of the per-token request limit. */
export const API_RATE_WINDOW_MS = 60_000;
/**
 * An instance reserves at most limit / 40 counts of a busy token ahead (limits/batched-counter.ts), so unused
 * reservations refuse at most 1.5 / 40 (under 4 %) of the limit early per instance and window; below 40
 * requests a minute nothing is reserved ahead and the count is exact.
 */
const API_RATE_AHEAD_DIVISOR = 40;

/** The SHA-256 of a token: all that is stored of it. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface TokenOwnerRow {
  id: string;
  user_id: string;
  scopes: ApiTokenScope[];
  /** last_used_at in epoch milliseconds (a float8, so no timestamp parsing), null before the first use. */
  last_used_ms: number | null;
  plan: Plan;
}

/**
 * The lookup of a token not cached yet: one unique-index probe joined to the owner's plan, prepared. A suspended
 * owner's tokens are not found, as their sessions are ended (decision 029); restoring the account brings them back.
 */
const findTokenStatement = preparedStatement<TokenOwnerRow>(
  'api_token_lookup',
  sql`
    select t.id, t.user_id, t.scopes, u.plan,
           (extract(epoch from t.last_used_at) * 1000)::float8 as last_used_ms
      from ${apiToken} t join ${user} u on u.id = t.user_id
     where t.token_hash = ${sql.placeholder('tokenHash')} and u.suspended_at is null
     limit 1`,
);

async function findApiTokenByHash(db: Database, tokenHash: string): Promise<TokenOwnerRow | undefined> {
  const [row] = await findTokenStatement(db, { tokenHash });
  return row;
}

/** Sets last_used_at unless another request of the last `intervalMs` already did (on any instance). */
async function touchApiToken(db: Database, id: string, now: Date, intervalMs: number): Promise<void> {
  await db
    .update(apiToken)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiToken.id, id),
        or(isNull(apiToken.lastUsedAt), lte(apiToken.lastUsedAt, new Date(now.getTime() - intervalMs))),
      ),
    );
}

export interface AuthenticatedToken {
  tokenId: string;
  userId: string;
  scopes: ApiTokenScope[];
  plan: Plan;
  /** Its requests' key in the limit store, built once per token read rather than per request. */
  limitKey: string;
}

interface CachedApiToken extends AuthenticatedToken {
  /** The last use this instance knows of (read with the token, or written by this instance). */
  lastUsedMs: number | null;
}

/** The tokens this instance authenticated, by hash (lib/user-cache.ts). */
export class ApiTokenCache extends UserCache<CachedApiToken> {
  constructor(ttlMs = API_TOKEN_CACHE_TTL_MS) {
    super({ ttlMs, userIdOf: (token) => token.userId });
  }
}

/**
 * The token of an `Authorization: Bearer` value as this instance holds it, when answering needs no I/O: cached,
 * and its last-use write not due. The synchronous path of nearly every request of a busy token; undefined sends
 * the caller to authenticateApiToken.
 */
export function cachedApiToken(
  cache: ApiTokenCache,
  token: string,
  nowMs: number,
): AuthenticatedToken | undefined {
  if (!API_TOKEN_PATTERN.test(token)) return undefined;
  const found = cache.get(hashApiToken(token), nowMs);
  return found && !isLastUseDue(found, nowMs) ? found : undefined;
}

function isLastUseDue(token: CachedApiToken, nowMs: number): boolean {
  return token.lastUsedMs === null || nowMs - token.lastUsedMs >= LAST_USE_INTERVAL_MS;
}

/**
 * The token of an `Authorization: Bearer` value and its owner's plan; undefined when unknown or revoked. From
 * `cache` when this instance read it recently and nothing of its user changed since, else from the database.
 */
export async function authenticateApiToken(options: {
  db: Database;
  cache?: ApiTokenCache;
  token: string;
  now: Date;
}): Promise<AuthenticatedToken | undefined> {
  const { db, cache, token, now } = options;
  if (!API_TOKEN_PATTERN.test(token)) return undefined;
  const tokenHash = hashApiToken(token);
  const nowMs = now.getTime();
  let found = cache?.get(tokenHash, nowMs);
  if (!found) {
    const ticket = cache?.ticket();
    const row = await findApiTokenByHash(db, tokenHash);
    if (!row) return undefined;
    found = {
      tokenId: row.id,
      userId: row.user_id,
      scopes: row.scopes,
      plan: row.plan,
      limitKey: `api-token:${row.id}`,
      lastUsedMs: row.last_used_ms,
    };
    if (cache && ticket !== undefined) cache.store(tokenHash, found, ticket, nowMs);
  }
  if (isLastUseDue(found, nowMs)) {
    // Set before the write, so that the requests arriving meanwhile do not write too.
    found.lastUsedMs = nowMs;
    await touchApiToken(db, found.tokenId, now, LAST_USE_INTERVAL_MS);
  }
  return found;
}

export interface TokenRateCount {
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends. */
  resetSeconds: number;
  isExceeded: boolean;
}

interface TokenCountOptions {
  counter: BatchedCounter;
  token: AuthenticatedToken;
  limit: number;
}

function tokenRateCount({ count, resetInMs }: LimitCount, limit: number): TokenRateCount {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
    isExceeded: count > limit,
  };
}

/**
 * Counts one request of the token in the limit store every instance shares (fixed one-minute windows), batched
 * with the token's other requests of the moment on this instance, and reserved ahead for a busy token
 * (limits/batched-counter.ts): never more than the limit is admitted.
 */
export async function countApiTokenRequest({
  counter,
  token,
  limit,
}: TokenCountOptions): Promise<TokenRateCount> {
  const counted = await counter.increment(token.limitKey, API_RATE_WINDOW_MS, aheadMaxOf(limit));
  return tokenRateCount(counted, limit);
}

/**
 * countApiTokenRequest without a promise, from the counts this instance reserved ahead for a busy token;
 * undefined when none is left (nothing was counted: count the request with countApiTokenRequest).
 */
export function countApiTokenRequestReserved({
  counter,
  token,
  limit,
}: TokenCountOptions): TokenRateCount | undefined {
  const counted = counter.incrementReserved(token.limitKey, API_RATE_WINDOW_MS, aheadMaxOf(limit));
  return counted && tokenRateCount(counted, limit);
}

function aheadMaxOf(limit: number): number {
  return Math.floor(limit / API_RATE_AHEAD_DIVISOR);
}
