/**
 * The analyzer's built-in portfolios: the editor's 'Load Sample' (spec 000 §3), the Sample tab's three
 * portfolios, and the demo portfolio the brokerage A import falls back to (spec 000 §8). Plain data, no
 * security-master import, so the web bundle stays small; sample-portfolios.test.ts checks every symbol
 * against the security master.
 */

/** A portfolio: symbol -> positive quantity; crypto keys are 'CRYPTO:' + upper-case symbol. */
export type PortfolioMap = Readonly<Record<string, number>>;

/** Spec 000 §3: the editor's sample stocks and crypto ('Load Sample'). */
export const EDITOR_SAMPLE_STOCKS: PortfolioMap = {
  AAPL: 15,
  GOOGL: 8,
  MSFT: 12,
  VTI: 50,
  VXUS: 30,
  BND: 40,
  QQQ: 20,
};

export const EDITOR_SAMPLE_CRYPTO: PortfolioMap = {
  BTC: 0.25,
  ETH: 1.5,
  ADA: 1000,
  SOL: 5,
};

/** The editor sample as one portfolio map. */
export const EDITOR_SAMPLE_PORTFOLIO: PortfolioMap = {
  ...EDITOR_SAMPLE_STOCKS,
  ...Object.fromEntries(
    Object.entries(EDITOR_SAMPLE_CRYPTO).map(([symbol, qty]) => [`CRYPTO:${symbol}`, qty]),
  ),
};

export type SamplePortfolioId = 'tech-growth' | 'diversified' | 'value-investor';

export interface SamplePortfolio {
  readonly id: SamplePortfolioId;
  readonly name: string;
  /** One sentence on what the portfolio illustrates (not a recommendation). */
  readonly description: string;
  readonly holdings: PortfolioMap;
}

/** Spec 000 §3: Tech Growth, Diversified, Value Investor, five holdings each. */
export const SAMPLE_PORTFOLIOS: readonly SamplePortfolio[] = [
  {
    id: 'tech-growth',
    name: 'Tech Growth',
    description: 'Large technology companies plus a Nasdaq-100 fund: concentrated in one sector.',
    holdings: { AAPL: 10, MSFT: 6, NVDA: 15, GOOGL: 8, QQQ: 5 },
  },
  {
    id: 'diversified',
    name: 'Diversified',
    description: 'US and international stock funds, bonds, real estate and gold.',
    holdings: { VTI: 20, VXUS: 30, BND: 25, VNQ: 10, GLD: 4 },
  },
  {
    id: 'value-investor',
    name: 'Value Investor',
    description: 'Established dividend-paying companies across several sectors.',
    holdings: { 'BRK-B': 6, JNJ: 10, JPM: 8, KO: 30, PG: 12 },
  },
];

export function findSamplePortfolio(id: string): SamplePortfolio | undefined {
  return SAMPLE_PORTFOLIOS.find((sample) => sample.id === id);
}

/**
 * The fixed portfolio the brokerage A import loads when the connection fails (spec 000 §8). Always shown
 * as demo data, never as the user's holdings.
 */
export const BROKERAGE_DEMO_PORTFOLIO: PortfolioMap = {
  AAPL: 12,
  MSFT: 8,
  NVDA: 10,
  VTI: 30,
  VXUS: 20,
  BND: 15,
  'CRYPTO:BTC': 0.05,
};
