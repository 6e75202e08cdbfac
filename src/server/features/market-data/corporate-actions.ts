/**
 * Dividends and splits of a listing between two dates, from the first vendor of the chain that gives them (the
 * user's own keys first, as for quotes), under the same breaker, quota (each of a vendor's requests counted)
 * and time budget. The simulator has none: with no vendor answering, a listing of the security master gets
 * empty lists with `source: 'simulated'` and a note saying so (never an invented dividend), any other a 404.
 *
 * Nothing is stored (`daily_bar` holds prices only, and this surface has no table of its own): vendors' answers
 * are kept in a bounded in-process cache, per user-keys fingerprint, symbol and range, for six hours (a new
 * dividend is announced weeks before its ex-date). Failures are not kept.
 */
import type { CorporateActions } from '../../../domain/corporate-actions';
import { createTtlCache } from '../../lib/cache';
import type { MarketDataSource, UserVendorKeys, VendorName } from '../../providers/market-data/types';
import { resolveSymbol } from './symbols';
import { unknownSymbol, type VendorRouting } from './vendor-routing';

const CORPORATE_ACTIONS_CACHE_MS = 6 * 60 * 60_000;
const MAX_CACHED_ANSWERS = 2000;

export interface CorporateActionsResult extends CorporateActions {
  symbol: string;
  /** The dates asked, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  source: MarketDataSource;
  /** Why the lists are empty when no vendor gave them (`source: 'simulated'`). */
  note?: string;
}

type CorporateActionsReader = (
  input: string,
  from: string,
  to: string,
  userKeys: UserVendorKeys | undefined,
) => Promise<CorporateActionsResult>;

/** No vendor of the chain answered: not kept in the cache. */
class NoVendorAnswered extends Error {}

export function createCorporateActionsReader(options: {
  routing: VendorRouting;
  budgetMs: number;
  nowMs: () => number;
}): CorporateActionsReader {
  const { routing, budgetMs } = options;
  const answers = createTtlCache<CorporateActions & { source: VendorName }>({
    ttlMs: CORPORATE_ACTIONS_CACHE_MS,
    maxEntries: MAX_CACHED_ANSWERS,
    now: options.nowMs,
  });

  return async (input, from, to, userKeys) => {
    const resolved = resolveSymbol(input);
    routing.assertServable(resolved, userKeys);
    const { symbol } = resolved;
    const slots = routing
      .chain(userKeys)
      .filter((slot) => slot.adapter.corporateActions !== undefined && slot.adapter.supports(symbol));
    if (slots.length > 0) {
      const key = `${routing.keysFingerprint(userKeys)}|${symbol}|${from}|${to}`;
      try {
        const answer = await answers.get(key, async () => {
          const budget = AbortSignal.timeout(budgetMs);
          for (const slot of slots) {
            const { adapter } = slot;
            const outcome = await routing.call(
              slot,
              budget,
              (signal) =>
                adapter.corporateActions
                  ? adapter.corporateActions(symbol, from, to, signal)
                  : Promise.resolve<CorporateActions>({ dividends: [], splits: [] }),
              adapter.corporateActionsRequests,
            );
            if (outcome.ok) return { source: slot.vendor, ...outcome.value };
          }
          throw new NoVendorAnswered();
        });
        return { symbol, from, to, ...answer };
      } catch (error) {
        if (!(error instanceof NoVendorAnswered)) throw error;
      }
    }
    if (!resolved.entry) throw unknownSymbol(symbol);
    return {
      symbol,
      from,
      to,
      source: 'simulated',
      dividends: [],
      splits: [],
      note: `No vendor gave the dividends and splits of ${symbol}, and simulated prices have none.`,
    };
  };
}
