/**
 * Personal API tokens (decision 030): created by a signed-in Professional user, shown once, stored as SHA-256,
 * listed with their last use, revoked by deleting them. Their authentication on /api/v1 is auth's
 * (auth/api-tokens.ts, auth/api-token-guard.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiTokenResponse,
} from '../../../contracts/api-tokens';
import { AppError } from '../../../contracts/errors';
import { hashApiToken } from '../../auth/api-tokens';
import type { Database } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import {
  countApiTokensOfUser,
  deleteApiToken,
  insertApiToken,
  listApiTokensOfUser,
  type ApiTokenRow,
} from './repository';

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
