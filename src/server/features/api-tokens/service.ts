/**
 * Personal API tokens (decision 030): created by a signed-in Professional user, shown once, stored as SHA-256,
 * listed with their last use, revoked by deleting them. `authenticateApiToken` is what /api/v1 asks on every
 * request: one indexed lookup joined to the owner's plan, so a revoked token or a changed plan counts at once
 * on every instance; the last use is written at most once a minute per token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Plan } from '../../../contracts/accounts';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from '../../../contracts/api-tokens';
import { AppError } from '../../../contracts/errors';
import type { Database } from '../../db/client';
import type { LimitStore } from '../../limits/store';
import { isUuid } from '../../lib/uuid';
import {
  countApiTokensOfUser,
  deleteApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokensOfUser,
  touchApiToken,
  type ApiTokenRow,
} from './repository';

/** last_used_at is exact to this interval: a stream of requests writes it once per interval, not per request. */
export const LAST_USE_INTERVAL_MS = 60_000;
/** The window of the per-token request limit. */
export const API_RATE_WINDOW_MS = 60_000;

function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createApiToken(options: {
  db: Database;
  userId: string;
  name: string;
  scopes: ApiTokenScope[];
}): Promise<CreatedApiTokenResponse> {
  const { db, userId } = options;
  if ((await countApiTokensOfUser(db, userId)) >= MAX_API_TOKENS) {
    throw new AppError('CONFLICT', API_TOKEN_MESSAGES.tooMany);
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiToken(db, {
    userId,
    name: options.name,
    scopes: options.scopes,
    tokenHash: hashApiToken(token),
    last4: token.slice(-4),
  });
  return { ...toApiToken(row), token };
}

export async function listApiTokens(options: { db: Database; userId: string }): Promise<ApiToken[]> {
  return (await listApiTokensOfUser(options.db, options.userId)).map(toApiToken);
}

/** Revokes (deletes) the user's token; another user's id, or an unknown one, is a 404. */
export async function revokeApiToken(options: { db: Database; userId: string; id: string }): Promise<void> {
  const deleted = isUuid(options.id) && (await deleteApiToken(options.db, options.userId, options.id));
  if (!deleted) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound);
}

export interface AuthenticatedToken {
  tokenId: string;
  userId: string;
  scopes: ApiTokenScope[];
  plan: Plan;
}

/** The token of an `Authorization: Bearer` value and its owner's plan; undefined when unknown or revoked. */
export async function authenticateApiToken(options: {
  db: Database;
  token: string;
  now: Date;
}): Promise<AuthenticatedToken | undefined> {
  const { db, token, now } = options;
  if (!API_TOKEN_PATTERN.test(token)) return undefined;
  const row = await findApiTokenByHash(
    db,
    hashApiToken(token),
    new Date(now.getTime() - LAST_USE_INTERVAL_MS),
  );
  if (!row) return undefined;
  if (row.is_touch_due) await touchApiToken(db, row.id, now, LAST_USE_INTERVAL_MS);
  return { tokenId: row.id, userId: row.user_id, scopes: row.scopes, plan: row.plan };
}

export interface TokenRateCount {
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends. */
  resetSeconds: number;
  isExceeded: boolean;
}

/** Counts one request of the token in the limit store every instance shares (fixed one-minute windows). */
export async function countApiTokenRequest(options: {
  limits: LimitStore;
  tokenId: string;
  limit: number;
}): Promise<TokenRateCount> {
  const { count, resetInMs } = await options.limits.increment(
    `api-token:${options.tokenId}`,
    API_RATE_WINDOW_MS,
  );
  return {
    limit: options.limit,
    remaining: Math.max(0, options.limit - count),
    resetSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
    isExceeded: count > options.limit,
  };
}
