/**
 * The offline simulator as a market-data source (`source: 'simulated'`). It serves exactly the symbols of
 * the security master, never a guess for an unknown ticker. Its prices are computed on demand from
 * src/domain/market-simulator/ (deterministic per symbol and date), so its daily bars are never stored.
 */
import { simulateDailyBars, simulateQuote } from '../../../domain/market-simulator';
import type { SecurityMasterEntry } from '../../../domain/security-master';
import type { DailyBar, Quote } from './types';

export interface SimulatedSource {
  readonly name: 'simulated';
  quote(entry: SecurityMasterEntry, now: Date): Quote;
  /** Daily bars of completed sessions from `from` to `to` inclusive (YYYY-MM-DD). */
  history(entry: SecurityMasterEntry, from: string, to: string): DailyBar[];
}

export function createSimulatedSource(): SimulatedSource {
  return {
    name: 'simulated',
    quote(entry, now) {
      const simulated = simulateQuote(entry, now);
      return {
        symbol: entry.symbol,
        name: entry.name,
        currentPrice: simulated.price,
        change: simulated.change,
        changePercent: simulated.changePercent,
        previousClose: simulated.previousClose,
        // The listing's own currency: the simulator's prices are local prices, like a vendor's.
        currency: entry.currency ?? 'USD',
        source: 'simulated',
        asOf: simulated.asOf,
      };
    },
    history(entry, from, to) {
      return simulateDailyBars(entry, from, to);
    },
  };
}
