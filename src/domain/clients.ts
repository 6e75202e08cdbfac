/**
 * Client portfolios (multi-client, Professional; issue #16 item 1, docs/decisions/032): limits and the figures of
 * one client's row in the clients overview.
 *
 * A row's figures come from one batch of quotes and the security master, never from price history: value =
 * Σ quantity × price, day change from each quote's change per unit (analytics `dailyChange`), and the risk level
 * on its asset-mix basis (analytics `assessRiskLevel` without volatility). Reading a year of closes for 200
 * clients would not fit the overview's 100 ms; the analyzer shows the volatility-based level of one client.
 */
import { classify } from './analytics/classify';
import { dailyChange, valuePositions } from './analytics/portfolio';
import { assessRiskLevel, type RiskLevel } from './analytics/risk-level';

export const CLIENT_LIMITS = {
  /** Per user, archived ones included: a book of clients for one adviser, valued in one batch of quotes. */
  maxClients: 500,
  nameMaxLength: 80,
} as const;

/** "Ada Lovelace's portfolio", "… Charitable Purposes' portfolio": a client's name as a possessive. */
export function clientPortfolioName(name: string): string {
  return `${name}${/s$/i.test(name) ? "'" : "'s"} portfolio`;
}

export interface ClientQuote {
  readonly price: number | null;
  /** Per unit since the previous close. */
  readonly change: number | null;
}

export interface ClientFigures {
  /** Σ quantity × price; a holding without a price is worth 0. */
  readonly value: number;
  /** Σ quantity × change per unit. */
  readonly dayChange: number;
  /** dayChange / yesterday's value × 100 (percent units); null when yesterday's value is 0. */
  readonly dayChangePercent: number | null;
  /** Asset-mix basis; null for a client without holdings or without any priced holding. */
  readonly riskLevel: RiskLevel | null;
}

/** The overview's figures of one client from its holdings and the quotes of its symbols (missing: unpriced). */
export function clientFigures(
  holdings: Readonly<Record<string, number>>,
  quotes: Readonly<Record<string, ClientQuote | undefined>>,
): ClientFigures {
  const inputs = Object.entries(holdings).map(([symbol, quantity]) => ({
    symbol,
    quantity,
    price: quotes[symbol]?.price ?? null,
    change: quotes[symbol]?.change ?? null,
  }));
  const valuation = valuePositions(inputs);
  const change = dailyChange(inputs);
  const riskLevel =
    valuation.totalValue > 0
      ? assessRiskLevel({
          annualizedVolatility: null,
          effectiveHoldings: null,
          positions: valuation.positions.map((p) => ({
            symbol: p.symbol,
            weight: p.weight,
            assetClass: classify(p.symbol).assetClass,
          })),
        }).level
      : null;
  return {
    value: valuation.totalValue,
    dayChange: change.totalChange,
    dayChangePercent: change.totalChangePercent,
    riskLevel,
  };
}
