/**
 * A scripted MarketDataAdapter for service and route tests: it records every call, and each method's
 * behaviour is a function the test sets (answer, throw a VendorError, or hang until the signal aborts).
 */
import { simulateDailyBars } from '../../../../domain/market-simulator';
import { findSecurity } from '../../../../domain/security-master';
import type { CorporateActions } from '../../../../domain/corporate-actions';
import {
  VendorError,
  type DailyBar,
  type MarketDataAdapter,
  type Quote,
  type SymbolMatch,
  type VendorName,
} from '../types';

export interface FakeCall {
  method: 'quote' | 'quotes' | 'history' | 'search' | 'corporateActions';
  args: unknown[];
}

export interface FakeAdapter extends MarketDataAdapter {
  calls: FakeCall[];
  callsOf(method: FakeCall['method']): FakeCall[];
  onQuote: (symbol: string, signal: AbortSignal) => Promise<Quote>;
  onHistory: (symbol: string, from: string, to: string, signal: AbortSignal) => Promise<DailyBar[]>;
  onSearch: (query: string, signal: AbortSignal) => Promise<SymbolMatch[]>;
  onCorporateActions: (
    symbol: string,
    from: string,
    to: string,
    signal: AbortSignal,
  ) => Promise<CorporateActions>;
}

/** A vendor quote for a symbol: a fixed price so tests can tell it from a simulated one. */
export function fakeQuote(vendor: VendorName, symbol: string, price = 123.45): Quote {
  return {
    symbol,
    name: findSecurity(symbol)?.name ?? `${symbol} Inc.`,
    currentPrice: price,
    change: 1.5,
    changePercent: 1.23,
    previousClose: price - 1.5,
    currency: 'USD',
    source: vendor,
    asOf: '2026-11-20T21:00:00.000Z',
  };
}

/** Vendor-like bars: the simulator's sessions, shifted by +1 so they differ from simulated ones. */
export function fakeBars(symbol: string, from: string, to: string): DailyBar[] {
  const entry = findSecurity(symbol);
  if (!entry) return [];
  return simulateDailyBars(entry, from, to).map((bar) => ({
    ...bar,
    open: bar.open + 1,
    high: bar.high + 1,
    low: bar.low + 1,
    close: bar.close + 1,
  }));
}

/** Never settles by itself: rejects with a VendorError 'timeout' once the signal aborts. */
export function hangUntilAborted<T>(vendor: VendorName, signal: AbortSignal): Promise<T> {
  return new Promise<T>((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new VendorError(vendor, 'timeout', 'aborted')), {
      once: true,
    });
  });
}

export function createFakeAdapter(
  name: VendorName,
  options: {
    supports?: (symbol: string) => boolean;
    batch?: boolean;
    search?: boolean;
    /** Serves dividends and splits, in this many vendor requests (`corporateActionsRequests`). */
    corporateActionsRequests?: number;
  } = {},
): FakeAdapter {
  const calls: FakeCall[] = [];
  const adapter: FakeAdapter = {
    name,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    supports: options.supports ?? ((symbol) => !symbol.startsWith('CRYPTO:')),
    onQuote: async (symbol) => fakeQuote(name, symbol),
    onHistory: async (symbol, from, to) => fakeBars(symbol, from, to),
    onSearch: async () => [],
    onCorporateActions: async () => ({ dividends: [], splits: [] }),
    corporateActionsRequests: options.corporateActionsRequests,
    quote(symbol, signal) {
      calls.push({ method: 'quote', args: [symbol] });
      return adapter.onQuote(symbol, signal);
    },
    history(symbol, from, to, signal) {
      calls.push({ method: 'history', args: [symbol, from, to] });
      return adapter.onHistory(symbol, from, to, signal);
    },
  };
  if (options.batch) {
    adapter.quotes = async (symbols, signal) => {
      calls.push({ method: 'quotes', args: [symbols] });
      const out = new Map<string, Quote>();
      for (const symbol of symbols) {
        try {
          out.set(symbol, await adapter.onQuote(symbol, signal));
        } catch (error) {
          if (!(error instanceof VendorError && error.kind === 'not_found')) throw error;
        }
      }
      return out;
    };
  }
  if (options.corporateActionsRequests !== undefined) {
    adapter.corporateActions = (symbol, from, to, signal) => {
      calls.push({ method: 'corporateActions', args: [symbol, from, to] });
      return adapter.onCorporateActions(symbol, from, to, signal);
    };
  }
  if (options.search) {
    adapter.search = (query, signal) => {
      calls.push({ method: 'search', args: [query] });
      return adapter.onSearch(query, signal);
    };
  }
  return adapter;
}
