/**
 * Quotes: cached per symbol (and set of user-keyed vendors) for `quoteCacheSeconds` with in-flight
 * de-duplication; the symbols not cached are asked of the vendors in chain order (batched when a vendor can),
 * then of the simulator for the security master's symbols.
 */
import { AppError } from '../../../contracts/errors';
import { createTtlCache, type BatchResult } from '../../lib/cache';
import type { SimulatedSource } from '../../providers/market-data/simulated';
import type { Quote, UserVendorKeys } from '../../providers/market-data/types';
import { resolveSymbol, type ResolvedSymbol } from './symbols';
import { unknownSymbol, type Slot, type VendorRouting } from './vendor-routing';

export interface QuotesResult {
  /** Keyed by the requested ticker, trimmed and upper-cased. */
  quotes: Record<string, Quote>;
  errors: Record<string, string>;
}

interface QuoteReader {
  getQuote(input: string, userKeys: UserVendorKeys | undefined): Promise<Quote>;
  getQuotes(inputs: readonly string[], userKeys: UserVendorKeys | undefined): Promise<QuotesResult>;
}

export function createQuoteReader(options: {
  routing: VendorRouting;
  simulator: SimulatedSource;
  quoteCacheSeconds: number;
  budgetMs: number;
  now: () => Date;
  nowMs: () => number;
}): QuoteReader {
  const { routing, simulator, budgetMs, now } = options;
  const quoteCache = createTtlCache<Quote>({ ttlMs: options.quoteCacheSeconds * 1000, now: options.nowMs });

  function acceptQuote(slot: Slot, resolved: ResolvedSymbol, quote: Quote | undefined): Quote | undefined {
    if (!quote || !Number.isFinite(quote.currentPrice) || quote.currentPrice <= 0) return undefined;
    const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback);
    const previousClose = finite(quote.previousClose, quote.currentPrice - finite(quote.change, 0));
    return {
      symbol: resolved.symbol,
      name: resolved.entry?.name ?? (quote.name || resolved.symbol),
      currentPrice: quote.currentPrice,
      change: finite(quote.change, quote.currentPrice - previousClose),
      changePercent: finite(quote.changePercent, 0),
      previousClose,
      currency: quote.currency || 'USD',
      source: slot.vendor,
      asOf: quote.asOf && !Number.isNaN(Date.parse(quote.asOf)) ? quote.asOf : now().toISOString(),
    };
  }

  /** Loads quotes for symbols not in the cache: vendors in chain order (batched when they can), then the simulator. */
  async function loadQuotes(wanted: ResolvedSymbol[], userKeys: UserVendorKeys | undefined) {
    const answers = new Map<string, Quote | Error>();
    let pending = wanted;
    const budget = AbortSignal.timeout(budgetMs);
    for (const slot of routing.chain(userKeys)) {
      const batch = pending.filter((r) => slot.adapter.supports(r.symbol));
      if (batch.length === 0) continue;
      const { adapter } = slot;
      if (batch.length > 1 && adapter.quotes) {
        const symbols = batch.map((r) => r.symbol);
        const outcome = await routing.call(slot, budget, (signal) =>
          adapter.quotes ? adapter.quotes(symbols, signal) : Promise.resolve(new Map<string, Quote>()),
        );
        if (outcome.ok) {
          for (const r of batch) {
            const quote = acceptQuote(slot, r, outcome.value.get(r.symbol));
            if (quote) answers.set(r.symbol, quote);
          }
        }
      } else {
        await Promise.all(
          batch.map(async (r) => {
            const outcome = await routing.call(slot, budget, (signal) =>
              slot.adapter.quote(r.symbol, signal),
            );
            const quote = outcome.ok ? acceptQuote(slot, r, outcome.value) : undefined;
            if (quote) answers.set(r.symbol, quote);
          }),
        );
      }
      pending = pending.filter((r) => !answers.has(r.symbol));
      if (pending.length === 0) break;
    }
    const at = now();
    for (const r of pending) {
      answers.set(r.symbol, r.entry ? simulator.quote(r.entry, at) : unknownSymbol(r.symbol));
    }
    return answers;
  }

  /** The cache key of a quote: users with keys for other vendors may get other quotes. */
  function quoteKey(userKeys: UserVendorKeys | undefined, symbol: string): string {
    return `${routing.keysFingerprint(userKeys)}|${symbol}`;
  }

  function quotePromises(resolved: ResolvedSymbol[], userKeys: UserVendorKeys | undefined) {
    const bySymbol = new Map(resolved.map((r) => [r.symbol, r]));
    const keyOf = (symbol: string) => quoteKey(userKeys, symbol);
    const promises = quoteCache.getMany(
      [...bySymbol.keys()].map(keyOf),
      async (missing): Promise<BatchResult<Quote>> => {
        const wanted = missing.map((key) => bySymbol.get(key.slice(key.indexOf('|') + 1)));
        const loaded = await loadQuotes(
          wanted.filter((r): r is ResolvedSymbol => r !== undefined),
          userKeys,
        );
        return new Map([...loaded].map(([symbol, answer]) => [keyOf(symbol), answer]));
      },
    );
    return (symbol: string) => promises.get(keyOf(symbol)) ?? Promise.reject(unknownSymbol(symbol));
  }

  return {
    async getQuote(input, userKeys) {
      const resolved = resolveSymbol(input);
      routing.assertServable(resolved, userKeys);
      const cached = quoteCache.peek(quoteKey(userKeys, resolved.symbol));
      return cached ?? quotePromises([resolved], userKeys)(resolved.symbol);
    },

    async getQuotes(inputs, userKeys) {
      const { labels, errors } = routing.resolveTickers(inputs, userKeys);
      const quotes: Record<string, Quote> = {};
      // Fresh quotes are answered from the cache at once: a warm valuation of 100 holdings then waits on no
      // promise per holding.
      const uncached = new Map<string, ResolvedSymbol>();
      for (const [label, resolved] of labels) {
        const cached = quoteCache.peek(quoteKey(userKeys, resolved.symbol));
        if (cached) quotes[label] = cached;
        else uncached.set(label, resolved);
      }
      if (uncached.size === 0) return { quotes, errors };
      const quoteOf = quotePromises([...uncached.values()], userKeys);
      await Promise.all(
        [...uncached].map(async ([label, resolved]) => {
          try {
            quotes[label] = await quoteOf(resolved.symbol);
          } catch (error) {
            errors[label] = error instanceof AppError ? error.message : `No quote for ${resolved.symbol}`;
          }
        }),
      );
      return { quotes, errors };
    },
  };
}
