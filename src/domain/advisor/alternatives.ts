/**
 * Alternatives to one stock, from the security master (docs/decisions/028): the fund of its sector (the
 * sector ETF with the lowest long-run volatility), up to two stocks of the same sector whose long-run
 * volatility is lower, and one broad US market fund. The master holds no expense ratios, so "lower cost" is
 * not claimed; funds are offered as the broader choice.
 */
import { findSecurity, securityMaster, type SecurityMasterEntry } from '../security-master';

export type AlternativeKind = 'sector-fund' | 'sector-peer' | 'broad-fund';

export interface Alternative {
  symbol: string;
  name: string;
  kind: AlternativeKind;
}

/** The broad fund offered, in order of preference (the first one in the master that is not the stock). */
const BROAD_FUNDS = ['VTI', 'VOO', 'SPY'] as const;
const MAX_PEERS = 2;

const byVolatility = (a: SecurityMasterEntry, b: SecurityMasterEntry) =>
  a.annualVolatility - b.annualVolatility || (a.symbol < b.symbol ? -1 : 1);

export function findAlternatives(symbol: string): Alternative[] {
  const stock = findSecurity(symbol);
  const out: Alternative[] = [];
  if (stock && stock.assetClass === 'stock') {
    const sectorFund = securityMaster
      .filter(
        (e) => e.assetClass === 'etf' && e.sector === stock.sector && !e.isIndex && e.currency === undefined,
      )
      .sort(byVolatility)[0];
    if (sectorFund) out.push({ symbol: sectorFund.symbol, name: sectorFund.name, kind: 'sector-fund' });
    const peers = securityMaster
      .filter(
        (e) =>
          e.assetClass === 'stock' &&
          // US listings only: every plan may hold them (listings outside the US are Professional's).
          e.currency === undefined &&
          e.sector === stock.sector &&
          e.symbol !== stock.symbol &&
          e.annualVolatility < stock.annualVolatility,
      )
      .sort(byVolatility)
      .slice(0, MAX_PEERS);
    for (const peer of peers) out.push({ symbol: peer.symbol, name: peer.name, kind: 'sector-peer' });
  }
  const broad = BROAD_FUNDS.map((s) => findSecurity(s)).find((e) => e && e.symbol !== stock?.symbol);
  if (broad) out.push({ symbol: broad.symbol, name: broad.name, kind: 'broad-fund' });
  return out;
}
