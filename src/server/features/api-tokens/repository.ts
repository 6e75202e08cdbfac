import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ApiTokenScope } from '../../../contracts/api-tokens';
import type { Plan } from '../../../contracts/accounts';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { apiToken, user } from '../../auth/schema';

export interface ApiTokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const listedColumns = {
  id: apiToken.id,
  name: apiToken.name,
  scopes: apiToken.scopes,
  last4: apiToken.last4,
  createdAt: apiToken.createdAt,
  lastUsedAt: apiToken.lastUsedAt,
};

export async function countApiTokensOfUser(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiToken).where(eq(apiToken.userId, userId));
  return row?.n ?? 0;
}

export async function insertApiToken(
  db: Database,
  values: { userId: string; name: string; tokenHash: string; last4: string; scopes: ApiTokenScope[] },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiToken).values(values).returning(listedColumns);
  if (!row) throw new Error('api_token insert returned no row');
  return row as ApiTokenRow;
}

export async function listApiTokensOfUser(db: Database, userId: string): Promise<ApiTokenRow[]> {
  const rows = await db
    .select(listedColumns)
    .from(apiToken)
    .where(eq(apiToken.userId, userId))
    .orderBy(desc(apiToken.createdAt), desc(apiToken.id));
  return rows as ApiTokenRow[];
}

/** Deletes the user's token; false when the user has no token of that id. */
export async function deleteApiToken(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(apiToken)
    .where(and(eq(apiToken.id, id), eq(apiToken.userId, userId)))
    .returning({ id: apiToken.id });
  return deleted.length > 0;
}

export interface TokenOwnerRow {
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

export async function findApiTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<TokenOwnerRow | undefined> {
  const [row] = await findTokenStatement(db, { tokenHash });
  return row;
}

/** Sets last_used_at unless another request of the last `intervalMs` already did (on any instance). */
export async function touchApiToken(db: Database, id: string, now: Date, intervalMs: number): Promise<void> {
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
