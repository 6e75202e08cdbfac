import type { RedirectUrlResponse } from '../../../contracts/billing';
import { schemaFromReader } from '../../lib/api-client';

/**
 * `{ url }` (ZRedirectUrlResponse) read by hand: the pricing page starts Checkout with it and so stays without
 * zod (the contract's schema is the server's). An absolute https URL, or null: 'No checkout URL returned'.
 */
export const redirectUrlSchema = schemaFromReader<RedirectUrlResponse>((value) => {
  const url = typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : undefined;
  return typeof url === 'string' && URL.canParse(url) && new URL(url).protocol === 'https:' ? { url } : null;
});
