/**
 * API settings: a signed-in user's own market-data vendor keys. Keys are stored encrypted (secret box, the
 * user id as AAD) with only their last four characters in clear; no answer, log line or error carries a key.
 * The user's keys serve that user's market-data requests (`getUserVendorKeys`).
 */
import {
  API_KEY_VENDORS,
  MASK_PREFIX,
  TEST_MESSAGES,
  VENDOR_DETAILS,
  ZVendor,
  type ApiKeyEntry,
  type ApiKeyListResponse,
  type SaveApiKeyRequest,
  type TestApiKeyRequest,
  type TestApiKeyResponse,
  type Vendor,
} from '../../../contracts/api-settings';
import { AppError } from '../../../contracts/errors';
import { createSecretBox, SecretBoxError, type SecretBox } from '../../crypto/secret-box';
import type { Database } from '../../db/client';
import type { UserVendorKeys } from '../../providers/market-data/types';
import { checkVendorKey, type VendorKeyCheckResult } from '../../providers/market-data/vendor-key-check';
import {
  deleteUserApiKey,
  findUserApiKey,
  findUserApiKeys,
  upsertUserApiKey,
  type StoredApiKey,
} from './repository';

export const DEFAULT_KEY_TEST_TIMEOUT_MS = 8000;
export const NO_KEY_TO_TEST_MESSAGE = 'Enter or save an API key to test it.';
export const UNREADABLE_KEY_MESSAGE =
  'The saved key can no longer be read (the server secret changed). Please enter it again.';

/** Test hooks and tuning for the key test (ServiceOverrides.apiSettings). */
export interface ApiSettingsOptions {
  /** Base URLs of the vendors for the key test, as checkVendorKey takes them; tests point them at a fake. */
  vendorBaseUrls?: Partial<Record<Vendor, string>>;
  /** How long the key test waits for the vendor. Default 8000 ms. */
  keyTestTimeoutMs?: number;
}

/** What the API-settings routes are given once (`app.services.apiSettings`). */
export interface ApiSettingsContext {
  db: Database;
  appSecret: string;
  settings: ApiSettingsOptions;
}

interface UserContext {
  db: Database;
  appSecret: string;
  userId: string;
}

let cachedBox: { appSecret: string; box: SecretBox } | undefined;

/** One secret box per app secret (the HKDF derivation runs once). */
function secretBoxFor(appSecret: string): SecretBox {
  if (cachedBox?.appSecret !== appSecret) cachedBox = { appSecret, box: createSecretBox(appSecret) };
  return cachedBox.box;
}

/** The vendor of a path parameter; 404 for any other value. */
export function parseVendor(value: string): Vendor {
  const parsed = ZVendor.safeParse(value);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Unknown data vendor.');
  return parsed.data;
}

function toEntry(vendor: Vendor, stored: Pick<StoredApiKey, 'last4' | 'updatedAt'> | undefined): ApiKeyEntry {
  return {
    vendor,
    ...VENDOR_DETAILS[vendor],
    configured: stored !== undefined,
    maskedKey: stored ? `${MASK_PREFIX}${stored.last4}` : null,
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
  };
}

/** Every vendor, configured or not, in the page's order. */
export async function listApiKeys(options: UserContext): Promise<ApiKeyListResponse> {
  const rows = await findUserApiKeys(options.db, options.userId);
  const byVendor = new Map(rows.map((row) => [row.vendor, row]));
  return { vendors: API_KEY_VENDORS.map((vendor) => toEntry(vendor, byVendor.get(vendor))) };
}

/** Saves or replaces the user's key for a vendor (encrypted); answers the masked entry. */
export async function saveApiKey(
  options: UserContext & { vendor: Vendor; input: SaveApiKeyRequest },
): Promise<ApiKeyEntry> {
  const { db, appSecret, userId, vendor, input } = options;
  const row = await upsertUserApiKey(db, {
    userId,
    vendor,
    encryptedKey: secretBoxFor(appSecret).encrypt(input.apiKey, userId),
    last4: input.apiKey.slice(-4),
  });
  return toEntry(vendor, row);
}

export async function removeApiKey(options: UserContext & { vendor: Vendor }): Promise<void> {
  await deleteUserApiKey(options.db, options.userId, options.vendor);
}

const RESULT_MESSAGES: Record<'ok' | Exclude<VendorKeyCheckResult, { ok: true }>['reason'], string> = {
  ok: TEST_MESSAGES.ok,
  invalid_key: TEST_MESSAGES.invalidKey,
  unreachable: TEST_MESSAGES.unreachable,
  rate_limited: TEST_MESSAGES.rateLimited,
};

/** One real request to the vendor with the key in the body, or else the saved key. */
export async function testApiKey(
  options: UserContext & { vendor: Vendor; input: TestApiKeyRequest; settings?: ApiSettingsOptions },
): Promise<TestApiKeyResponse> {
  const { db, appSecret, userId, vendor, input, settings = {} } = options;
  let apiKey = input.apiKey;
  if (!apiKey) {
    const stored = await findUserApiKey(db, userId, vendor);
    if (!stored) throw new AppError('VALIDATION_ERROR', NO_KEY_TO_TEST_MESSAGE);
    apiKey = decryptStored(appSecret, userId, stored);
    if (apiKey === undefined) throw new AppError('CONFLICT', UNREADABLE_KEY_MESSAGE);
  }
  const result = await checkVendorKey(vendor, apiKey, {
    baseUrl: settings.vendorBaseUrls?.[vendor],
    signal: AbortSignal.timeout(settings.keyTestTimeoutMs ?? DEFAULT_KEY_TEST_TIMEOUT_MS),
  });
  return result.ok
    ? { ok: true, message: RESULT_MESSAGES.ok }
    : { ok: false, message: RESULT_MESSAGES[result.reason] };
}

function decryptStored(appSecret: string, userId: string, stored: StoredApiKey): string | undefined {
  try {
    return secretBoxFor(appSecret).decrypt(stored.encryptedKey, userId);
  } catch (error) {
    if (error instanceof SecretBoxError) return undefined;
    throw error;
  }
}

/**
 * The user's own vendor keys, decrypted, for that user's market-data requests. A key that no longer
 * decrypts (APP_SECRET changed) is left out, so the server's keys or the keyless vendors serve instead.
 */
export async function getUserVendorKeys(
  db: Database,
  appSecret: string,
  userId: string,
): Promise<UserVendorKeys> {
  const keys: UserVendorKeys = {};
  for (const stored of await findUserApiKeys(db, userId)) {
    const apiKey = decryptStored(appSecret, userId, stored);
    if (apiKey !== undefined) keys[stored.vendor] = apiKey;
  }
  return keys;
}
