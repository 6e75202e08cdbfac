import { and, eq, sql } from 'drizzle-orm';
import type { Vendor } from '../../../contracts/api-settings';
import type { Database } from '../../db/client';
import { userApiKey } from './schema';

export interface StoredApiKey {
  vendor: Vendor;
  encryptedKey: string;
  last4: string;
  updatedAt: Date;
}

const storedColumns = {
  vendor: userApiKey.vendor,
  encryptedKey: userApiKey.encryptedKey,
  last4: userApiKey.last4,
  updatedAt: userApiKey.updatedAt,
};

/** A user's saved keys (encrypted), at most one per vendor. */
export async function findUserApiKeys(db: Database, userId: string): Promise<StoredApiKey[]> {
  return db.select(storedColumns).from(userApiKey).where(eq(userApiKey.userId, userId));
}

export async function findUserApiKey(
  db: Database,
  userId: string,
  vendor: Vendor,
): Promise<StoredApiKey | undefined> {
  const [row] = await db
    .select(storedColumns)
    .from(userApiKey)
    .where(and(eq(userApiKey.userId, userId), eq(userApiKey.vendor, vendor)))
    .limit(1);
  return row;
}

/** Saves (or replaces) a user's key for a vendor. */
export async function upsertUserApiKey(
  db: Database,
  values: { userId: string; vendor: Vendor; encryptedKey: string; last4: string },
): Promise<StoredApiKey> {
  const [row] = await db
    .insert(userApiKey)
    .values(values)
    .onConflictDoUpdate({
      target: [userApiKey.userId, userApiKey.vendor],
      set: { encryptedKey: values.encryptedKey, last4: values.last4, updatedAt: sql`now()` },
    })
    .returning(storedColumns);
  if (!row) throw new Error('upsertUserApiKey returned no row');
  return row;
}

/** Removes a user's key for a vendor; removing one that is not there is harmless. */
export async function deleteUserApiKey(db: Database, userId: string, vendor: Vendor): Promise<void> {
  await db.delete(userApiKey).where(and(eq(userApiKey.userId, userId), eq(userApiKey.vendor, vendor)));
}
