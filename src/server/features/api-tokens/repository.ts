import { and, count, desc, eq } from 'drizzle-orm';
import type { ApiTokenScope } from '../../../contracts/api-tokens';
import { apiToken } from '../../auth/schema';
import type { Database } from '../../db/client';

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
