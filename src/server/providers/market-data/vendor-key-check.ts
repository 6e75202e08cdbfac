/**
 * The API settings page's "Test" button: one cheap, real request with the key the person typed.
 *
 * - Alpha Vantage: GLOBAL_QUOTE IBM (one of its 25 daily calls). Alpha Vantage checks little more than
 *   that a key is present, so a made-up key may pass; a refusal is still reported as such.
 * - Polygon: previous close of AAPL, `/v2/aggs/ticker/AAPL/prev`, which every plan includes.
 * - FMP: `/stable/quote?symbol=AAPL`.
 *
 * A refused key is 'invalid_key'; a rate-limit answer is 'rate_limited' (the key worked); no answer,
 * or an answer we cannot read, is 'unreachable' ("could not reach the vendor"). The key never appears in
 * what this returns.
 */
import { z } from 'zod';
import { createAlphaVantageAdapter } from './alphavantage';
import { checkPolygonBody, POLYGON_BASE_URL } from './polygon';
import { createFmpAdapter } from './fmp';
import { fetchJson, joinUrl, type FetchLike } from './http';
import { VendorError } from './types';

export type KeyedVendor = 'alphavantage' | 'polygon' | 'fmp';

export type VendorKeyCheckResult =
  { ok: true } | { ok: false; reason: 'invalid_key' | 'unreachable' | 'rate_limited' };

export interface VendorKeyCheckOptions {
  baseUrl?: string;
  signal: AbortSignal;
  fetch?: FetchLike;
}

const polygonPrev = z.object({
  status: z.string(),
  results: z.array(z.object({ c: z.number() })).optional(),
});

export async function checkVendorKey(
  vendor: KeyedVendor,
  apiKey: string,
  options: VendorKeyCheckOptions,
): Promise<VendorKeyCheckResult> {
  const key = apiKey.trim();
  if (!key) return { ok: false, reason: 'invalid_key' };
  const { baseUrl, signal, fetch } = options;
  try {
    switch (vendor) {
      case 'alphavantage':
        await createAlphaVantageAdapter({ apiKey: key, baseUrl, fetch }).quote('IBM', signal);
        break;
      case 'polygon':
        await fetchJson('polygon', joinUrl(baseUrl ?? POLYGON_BASE_URL, 'v2/aggs/ticker/AAPL/prev'), {
          schema: polygonPrev,
          signal,
          headers: { authorization: `Bearer ${key}` },
          fetch,
          secrets: [key],
          check: checkPolygonBody,
          what: 'key check',
        });
        break;
      case 'fmp':
        await createFmpAdapter({ apiKey: key, baseUrl, fetch }).quote('AAPL', signal);
        break;
    }
    return { ok: true };
  } catch (error) {
    if (!(error instanceof VendorError)) return { ok: false, reason: 'unreachable' };
    switch (error.kind) {
      case 'unauthorized':
        return { ok: false, reason: 'invalid_key' };
      case 'rate_limited':
        return { ok: false, reason: 'rate_limited' };
      case 'not_found':
        // The vendor answered with the key and just lacks the test symbol: the key works.
        return { ok: true };
      default:
        return { ok: false, reason: 'unreachable' };
    }
  }
}
