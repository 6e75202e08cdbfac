/** The user's vendor keys in 'Download my data', masked: never the encrypted key. */
import { asc, eq } from 'drizzle-orm';
import { MASK_PREFIX } from '../../../contracts/api-settings';
import { defineAccountData } from '../../feature';
import { userApiKey } from './schema';

export const apiSettingsAccountData = defineAccountData({
  apiKeys: async ({ tx, userId }) => {
    // Never the encrypted key: its vendor, last four characters and dates only.
    const apiKeys = await tx
      .select({
        vendor: userApiKey.vendor,
        last4: userApiKey.last4,
        createdAt: userApiKey.createdAt,
        updatedAt: userApiKey.updatedAt,
      })
      .from(userApiKey)
      .where(eq(userApiKey.userId, userId))
      .orderBy(asc(userApiKey.vendor));
    return apiKeys.map((k) => ({
      vendor: k.vendor,
      maskedKey: `${MASK_PREFIX}${k.last4}`,
      createdAt: k.createdAt.toISOString(),
      updatedAt: k.updatedAt.toISOString(),
    }));
  },
});
