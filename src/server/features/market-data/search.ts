/** Symbol search: the security master's matches first, then a vendor's (cached ten minutes per query). */
import { searchSecurities } from '../../../domain/security-master';
import { createTtlCache } from '../../lib/cache';
import type { SymbolMatch, UserVendorKeys } from '../../providers/market-data/types';
import { resolveSymbol } from './symbols';
import type { VendorRouting } from './vendor-routing';

const SEARCH_CACHE_MS = 10 * 60_000;
const MAX_SEARCH_RESULTS = 20;

type SymbolSearch = (query: string, userKeys: UserVendorKeys | undefined) => Promise<SymbolMatch[]>;

export function createSymbolSearch(options: {
  routing: VendorRouting;
  budgetMs: number;
  nowMs: () => number;
}): SymbolSearch {
  const { routing, budgetMs } = options;
  const searchCache = createTtlCache<SymbolMatch[]>({
    ttlMs: SEARCH_CACHE_MS,
    maxEntries: 2000,
    now: options.nowMs,
  });

  return async (query, userKeys) => {
    const text = query.trim();
    if (!text) return [];
    const local: SymbolMatch[] = searchSecurities(text, 10).map((entry) => ({
      symbol: entry.symbol,
      name: entry.name,
      assetClass: entry.assetClass,
    }));
    const slots = routing.chain(userKeys, true).filter((slot) => slot.adapter.search !== undefined);
    if (slots.length === 0) return local;
    const remote = await searchCache
      .get(`${routing.keysFingerprint(userKeys)}|${text.toLowerCase()}`, async () => {
        const budget = AbortSignal.timeout(budgetMs);
        for (const slot of slots) {
          const { adapter } = slot;
          const outcome = await routing.call(slot, budget, (signal) =>
            adapter.search ? adapter.search(text, signal) : Promise.resolve<SymbolMatch[]>([]),
          );
          if (outcome.ok) return outcome.value;
        }
        return [];
      })
      .catch(() => []);
    const seen = new Set(local.map((match) => match.symbol));
    const merged = [...local];
    for (const match of remote) {
      let symbol: string;
      try {
        symbol = resolveSymbol(match.symbol).symbol;
      } catch {
        continue;
      }
      if (seen.has(symbol)) continue;
      seen.add(symbol);
      merged.push({ ...match, symbol });
    }
    return merged.slice(0, MAX_SEARCH_RESULTS);
  };
}
