/**
 * The market-data providers as the app uses them: `createDefaultAdapters(config)` gives the server's
 * adapters (the keyless Yahoo and CoinGecko always; Alpha Vantage, Polygon and FMP when the server has
 * their key), `createKeyedAdapter` builds one around a user's own key (API settings). The market-data
 * feature (features/market-data/service.ts) puts them behind caching, breakers, rate limits and the simulator.
 */
import type { AppConfig } from '../../config';
import { createAlphaVantageAdapter } from './alphavantage';
import { createCoinGeckoAdapter } from './coingecko';
import { createFmpAdapter } from './fmp';
import { createPolygonAdapter } from './polygon';
import type { KeyedVendor, MarketDataAdapter } from './types';
import { createYahooAdapter } from './yahoo';

export function createDefaultAdapters(config: Pick<AppConfig, 'vendorKeys'>): MarketDataAdapter[] {
  const adapters: MarketDataAdapter[] = [createYahooAdapter(), createCoinGeckoAdapter()];
  for (const vendor of ['alphavantage', 'polygon', 'fmp'] as const) {
    const apiKey = config.vendorKeys[vendor];
    if (apiKey) adapters.push(createKeyedAdapter(vendor, apiKey));
  }
  return adapters;
}

export function createKeyedAdapter(vendor: KeyedVendor, apiKey: string): MarketDataAdapter {
  switch (vendor) {
    case 'alphavantage':
      return createAlphaVantageAdapter({ apiKey });
    case 'polygon':
      return createPolygonAdapter({ apiKey });
    case 'fmp':
      return createFmpAdapter({ apiKey });
  }
}
