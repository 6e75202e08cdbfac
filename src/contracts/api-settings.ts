import { z } from 'zod';
import { text } from './text';

/** The market-data vendors a user can bring their own key for (API settings). */
export const API_KEY_VENDORS = ['alphavantage', 'polygon', 'fmp'] as const;
export const ZVendor = z.enum(API_KEY_VENDORS);
export type Vendor = z.infer<typeof ZVendor>;

/** The free tiers as the page shows them (spec 001 §9). */
export const FREE_TIERS = ['25 requests per day', '5 requests per minute', '250 requests per day'] as const;
export const ZFreeTier = z.enum(FREE_TIERS);
export type FreeTier = z.infer<typeof ZFreeTier>;

export const VENDOR_DETAILS: Readonly<Record<Vendor, { name: string; freeTier: FreeTier }>> = {
  alphavantage: { name: 'Alpha Vantage', freeTier: '25 requests per day' },
  polygon: { name: 'Polygon', freeTier: '5 requests per minute' },
  fmp: { name: 'Financial Modeling Prep', freeTier: '250 requests per day' },
};

/** What the page shows of a saved key: four dots and its last four characters. */
export const MASK_PREFIX = '••••';

export const ZApiKeyEntry = z.object({
  vendor: ZVendor,
  name: z.string(),
  freeTier: ZFreeTier,
  configured: z.boolean(),
  /** `••••WXYZ` when a key is saved, else null. The key itself never leaves the server. */
  maskedKey: z
    .string()
    .regex(/^••••[A-Za-z0-9_-]{4}$/)
    .nullable(),
  /** ISO 8601 instant of the last save, or null. */
  updatedAt: z.string().nullable(),
});
export type ApiKeyEntry = z.infer<typeof ZApiKeyEntry>;

/** GET /api/settings/api-keys: every vendor, in the page's order. */
export const ZApiKeyListResponse = z.object({ vendors: z.array(ZApiKeyEntry) });
export type ApiKeyListResponse = z.infer<typeof ZApiKeyListResponse>;

export const INVALID_API_KEY_MESSAGE = 'Please enter a valid API key';

export const ZApiKey = text({ field: 'API key', max: 200, min: 8, message: INVALID_API_KEY_MESSAGE }).regex(
  /^[A-Za-z0-9_-]+$/,
  INVALID_API_KEY_MESSAGE,
);

/** PUT /api/settings/api-keys/:vendor -> 200 ApiKeyEntry */
export const ZSaveApiKeyRequest = z.object({ apiKey: ZApiKey });
export type SaveApiKeyRequest = z.infer<typeof ZSaveApiKeyRequest>;

/** POST /api/settings/api-keys/:vendor/test: the key in the body, or else the saved one. */
export const ZTestApiKeyRequest = z.object({ apiKey: ZApiKey.optional() });
export type TestApiKeyRequest = z.infer<typeof ZTestApiKeyRequest>;

export const TEST_MESSAGES = {
  ok: 'The key works.',
  invalidKey: 'The vendor rejected this key.',
  unreachable: 'Could not reach the vendor. Check your connection and try again.',
  rateLimited: 'The vendor says the rate limit is reached; try again later.',
} as const;

export const ZTestApiKeyResponse = z.object({ ok: z.boolean(), message: z.string() });
export type TestApiKeyResponse = z.infer<typeof ZTestApiKeyResponse>;

export const ZVendorParams = z.object({ vendor: text({ field: 'Vendor', max: 64 }) });
