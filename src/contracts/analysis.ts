/**
 * The portfolio analyzer's API (spec 000 §3, §5, §7): valuation, AI and demo analysis, the saved portfolio.
 * Shared by the /app page and the Fastify routes.
 *
 * Units: `weight` and every risk fraction (volatility, drawdown, VaR, HHI) are 0-1 (0.1234 = 12.34 %);
 * `changePercent` / `totalChangePercent` are percent units (1.5 = +1.5 %), as quotes give them. Money figures
 * are plain numbers in USD (display figures, not ledger money).
 */
import { z } from 'zod';
import { FREE_AI_ANALYSES_PER_MONTH } from '../domain/plans';
import { RETURNS_FACT_RANGES } from '../domain/performance/returns-facts';
import { PORTFOLIO_KEY_PATTERN } from './activities';
import { ZIsoDate, ZIsoDateTime } from './dates';
import { ZMarketDataSource } from './market-data';
import { text, TICKER_PATTERN } from './text';

export const MAX_PORTFOLIO_HOLDINGS = 1000;
export const MAX_SYMBOL_LENGTH = 64;
export const CRYPTO_SYMBOL_PREFIX = 'CRYPTO:';

/** Spec 000 §5 (Analyze) word for word, and our own limits. */
export const PORTFOLIO_MESSAGES = {
  empty: 'Please add some stocks to your portfolio first.',
  /** `symbol` as the client sent it. */
  invalidValue: (symbol: string) => `Invalid value for ${symbol}. All values must be positive numbers.`,
  notAMap: 'The portfolio must map each symbol to a quantity.',
  tooMany: `A portfolio can hold at most ${MAX_PORTFOLIO_HOLDINGS.toLocaleString('en-US')} holdings.`,
  emptySymbol: 'A symbol cannot be empty.',
  symbolTooLong: `A symbol can be at most ${MAX_SYMBOL_LENGTH} characters long.`,
  symbolInvalid: 'A symbol may contain only letters, digits and . - ^ = : /',
} as const;

export const AI_UNAVAILABLE_MESSAGE = 'AI Analysis Temporarily Unavailable';
export const ANALYSIS_LIMIT_CODE = 'ANALYSIS_LIMIT_REACHED';
export const ANALYSIS_LIMIT_STATUS = 403;
export const ANALYSIS_LIMIT_MESSAGE = `You have used your ${FREE_AI_ANALYSES_PER_MONTH} free AI analyses this month. Upgrade to Premium for unlimited analyses at /pricing.`;
export { FREE_AI_ANALYSES_PER_MONTH };

/**
 * Stock symbols trimmed and upper-cased; crypto keys `CRYPTO:` + the upper-case coin (`crypto: btc` ->
 * `CRYPTO:BTC`). The form in which every portfolio is stored and sent back.
 */
export function normalizePortfolioSymbol(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  if (upper.startsWith(CRYPTO_SYMBOL_PREFIX)) {
    return `${CRYPTO_SYMBOL_PREFIX}${upper.slice(CRYPTO_SYMBOL_PREFIX.length).trim()}`;
  }
  return upper;
}

/**
 * A portfolio: symbol -> positive quantity (spec 000 §3), at most 1,000 holdings; may be empty (a cleared
 * portfolio is saved as `{}`). Each key, normalised, must be a ticker (TICKER_PATTERN). Each value must be a finite number above 0, else 400 'Invalid value for
 * {symbol}. All values must be positive numbers.' with the symbol as sent. Keys are normalised
 * (`normalizePortfolioSymbol`); two keys that normalise alike ('aapl', 'AAPL') add up.
 */
export const ZPortfolio = z
  .record(
    text({
      field: 'Symbol',
      max: 200,
      trim: false,
      tooLong: PORTFOLIO_MESSAGES.symbolTooLong,
      invalid: PORTFOLIO_MESSAGES.symbolInvalid,
    }),
    z.unknown(),
    {
      // A refused key names its own fault ('Symbol contains characters that are not allowed').
      error: (issue) =>
        issue.code === 'invalid_key' ? issue.issues[0]?.message : PORTFOLIO_MESSAGES.notAMap,
    },
  )
  .superRefine((value, ctx) => {
    const entries = Object.entries(value);
    if (entries.length > MAX_PORTFOLIO_HOLDINGS) {
      ctx.addIssue({ code: 'custom', message: PORTFOLIO_MESSAGES.tooMany });
      return;
    }
    for (const [symbol, quantity] of entries) {
      const normalized = normalizePortfolioSymbol(symbol);
      if (normalized === '' || normalized === CRYPTO_SYMBOL_PREFIX) {
        ctx.addIssue({ code: 'custom', path: [symbol], message: PORTFOLIO_MESSAGES.emptySymbol });
      } else if (normalized.length > MAX_SYMBOL_LENGTH) {
        ctx.addIssue({ code: 'custom', path: [symbol], message: PORTFOLIO_MESSAGES.symbolTooLong });
      } else if (!TICKER_PATTERN.test(normalized)) {
        ctx.addIssue({ code: 'custom', path: [symbol], message: PORTFOLIO_MESSAGES.symbolInvalid });
      } else if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity <= 0) {
        ctx.addIssue({ code: 'custom', path: [symbol], message: PORTFOLIO_MESSAGES.invalidValue(symbol) });
      }
    }
  })
  .transform((value) => {
    const portfolio: Record<string, number> = {};
    for (const [symbol, quantity] of Object.entries(value)) {
      const key = normalizePortfolioSymbol(symbol);
      portfolio[key] = (portfolio[key] ?? 0) + (quantity as number);
    }
    return portfolio;
  });
export type Portfolio = z.output<typeof ZPortfolio>;

/** A portfolio that must hold something: the Analyze rule of spec 000 §5. A missing one counts as empty. */
export const ZNonEmptyPortfolio = z.preprocess(
  (value) => value ?? {},
  ZPortfolio.refine((portfolio) => Object.keys(portfolio).length > 0, PORTFOLIO_MESSAGES.empty),
);

// ------------------------------------------------------------------------------------------- valuation

/** POST /api/portfolio/valuation */
export const ZValuationRequest = z.object({ portfolio: ZNonEmptyPortfolio });
export type ValuationRequest = z.input<typeof ZValuationRequest>;

export const ZAllocationBucket = z.object({
  name: z.string(),
  value: z.number(),
  /** 0-1 of the total value. */
  weight: z.number(),
});
export type AllocationBucket = z.infer<typeof ZAllocationBucket>;

/** A price in a listing's own currency and the day's rate to USD that converted it. */
export const ZLocalPrice = z.object({
  price: z.number(),
  change: z.number(),
  currency: z.string(),
  fx: z.object({
    /** The currency priced (`GBP` for a pence listing). */
    currency: z.string(),
    /** USD per one unit of `currency`. */
    rate: z.number(),
    date: ZIsoDate,
    source: ZMarketDataSource,
  }),
});
export type LocalPrice = z.infer<typeof ZLocalPrice>;

export const ZValuationHolding = z.object({
  quantity: z.number(),
  /** Always a number since unpriced holdings are left out (`unpricedSymbols`); nullable for old clients. */
  price: z.number().nullable(),
  currentValue: z.number(),
  /** Per unit since the previous close; null when unknown. */
  change: z.number().nullable(),
  /** Percent units; null when unknown. */
  changePercent: z.number().nullable(),
  /** 0-1 of the total value. */
  weight: z.number(),
  name: z.string(),
  /** 'stock' | 'etf' | 'fund' | 'bond' | 'crypto' | 'cash' | 'Unknown'. */
  assetClass: z.string(),
  sector: z.string(),
  region: z.string(),
  source: ZMarketDataSource.nullable(),
  /** The time of the price; null without a quote. */
  asOf: ZIsoDateTime.nullable(),
  /**
   * Listings outside the US (Professional): the price in the listing's own currency (`GBX` is pence) and the
   * FX rate that converted it to the USD `price` above. Absent for USD prices.
   */
  local: ZLocalPrice.optional(),
});
export type ValuationHolding = z.infer<typeof ZValuationHolding>;

export const ZHealthCheck = z.object({
  checks: z.array(
    z.object({
      id: z.enum(['diversification', 'emergency-buffer', 'global-exposure', 'simple-investing']),
      label: z.string(),
      passed: z.boolean(),
      detail: z.string(),
    }),
  ),
  passed: z.number(),
  total: z.number(),
  /** passed / total × 100: 0, 25, 50, 75 or 100. */
  scorePercent: z.number(),
  badge: z.enum(['green', 'yellow', 'red']),
  diversificationRating: z.enum(['Good', 'Fair', 'Needs Work']),
  warnings: z.array(z.string()),
});
export type HealthCheck = z.infer<typeof ZHealthCheck>;

export const ZValuation = z.object({
  totalCurrentValue: z.number(),
  /** Since the previous close, in USD. */
  totalChange: z.number(),
  /** Percent units; 0 when yesterday's value is not known. */
  totalChangePercent: z.number(),
  /** Keyed by the portfolio's (normalised) symbols; the unpriced ones below are not among them. */
  holdings: z.record(z.string(), ZValuationHolding),
  /**
   * Symbols no market-data source found ('We could not find ZZZZQ'): left out of the holdings, totals,
   * weights, allocation and health check. Portfolio order.
   */
  unknownSymbols: z.array(z.string()),
  /**
   * Every symbol left out for want of a USD price: the unknown ones, and a listing found whose currency had no
   * exchange rate that day. Portfolio order.
   */
  unpricedSymbols: z.array(z.string()),
  /** The distinct sources of the prices ('simulated' among them shows the 'Simulated prices' badge). */
  sources: z.array(ZMarketDataSource),
  /** True when any price is simulated. */
  isSimulated: z.boolean(),
  allocation: z.object({
    /** Largest value first; `name` is the symbol. */
    byHolding: z.array(ZAllocationBucket.extend({ symbol: z.string() })),
    byAssetClass: z.array(ZAllocationBucket),
    bySector: z.array(ZAllocationBucket),
    byRegion: z.array(ZAllocationBucket),
  }),
  /** Spec 000 §9, from the same positions (src/domain/analytics/health-check.ts): shown before any analysis. */
  healthCheck: ZHealthCheck,
});
export type Valuation = z.infer<typeof ZValuation>;

export const ZValuationResponse = z.object({ success: z.literal(true), valuation: ZValuation });
export type ValuationResponse = z.infer<typeof ZValuationResponse>;

/** POST /api/portfolio/value-history: what today's holdings were worth each session of the past year. */
export const ZValueHistoryRequest = z.object({ portfolio: ZNonEmptyPortfolio });

export const ZValueHistory = z.object({
  /** Oldest first; `date` YYYY-MM-DD, `value` in dollars to the cent. */
  points: z.array(z.object({ date: z.string(), value: z.number() })),
  /** Holdings without a price history, left out of every point. */
  excluded: z.array(z.string()),
  /** Some of the closes come from the offline simulator, not a market-data provider. */
  isSimulated: z.boolean(),
});
export type ValueHistory = z.infer<typeof ZValueHistory>;

export const ZValueHistoryResponse = z.object({ success: z.literal(true), history: ZValueHistory });
export type ValueHistoryResponse = z.infer<typeof ZValueHistoryResponse>;

// -------------------------------------------------------------------------------------------- analysis

const PORTFOLIO_KEY_INVALID = 'portfolioKey must be me, account:<id>, client:<id> or paper:<id>';

/** POST /api/analyze and POST /api/analyze-demo */
export const ZAnalyzeRequest = z.object({
  portfolio: ZNonEmptyPortfolio,
  /**
   * Signed in only: the saved portfolio these holdings are. When it has a recorded history and holds exactly these
   * holdings today, its returns join the facts (`metrics.returns`, decision 043).
   */
  portfolioKey: text({ field: 'portfolioKey', max: 60, min: 1, message: PORTFOLIO_KEY_INVALID })
    .toLowerCase()
    .regex(PORTFOLIO_KEY_PATTERN, PORTFOLIO_KEY_INVALID)
    .optional(),
});
export type AnalyzeRequest = z.input<typeof ZAnalyzeRequest>;

export const ZRiskLevel = z.enum(['low', 'medium', 'high']);

export const ZRecommendation = z.object({ title: z.string(), description: z.string() });

/** One period of a recorded history's returns (GET /api/performance's computation); fractions, 0.0523 = 5.23 %. */
export const ZAnalysisPeriodReturns = z.object({
  /** 1Y: the last year; YTD: this year so far; MAX: since the first activity. */
  range: z.enum(RETURNS_FACT_RANGES),
  /** The day whose closing value the period starts from (the day before its first day). */
  start: ZIsoDate,
  end: ZIsoDate,
  /** Time-weighted. Every `...Annualized` is null for a period of a year or less. */
  twr: z.number(),
  twrAnnualized: z.number().nullable(),
  /** Money-weighted; null when the flows have none. */
  mwr: z.number().nullable(),
  mwrAnnualized: z.number().nullable(),
  /** The benchmark's time-weighted return; null when it has no figure for the period. */
  benchmarkTwr: z.number().nullable(),
  benchmarkTwrAnnualized: z.number().nullable(),
});

export const ZAnalysisReturns = z.object({
  /** The person's base currency, which every return is measured in. */
  currency: z.string(),
  benchmarkSymbol: z.string(),
  firstActivityDate: ZIsoDate,
  /** 1Y, YTD, MAX in that order; a period that would start before the history is left out (it is MAX). */
  periods: z.array(ZAnalysisPeriodReturns),
});
export type AnalysisReturns = z.infer<typeof ZAnalysisReturns>;

/** The facts the page shows, all computed by src/domain/analytics (never by a model). Fractions are 0-1. */
export const ZAnalysisMetrics = z.object({
  /** Annualised volatility of daily returns over 1 year; null without history. */
  volatility: z.number().nullable(),
  benchmarkVolatility: z.number().nullable(),
  /** Beta to the benchmark (SPY). */
  beta: z.number().nullable(),
  maxDrawdown: z
    .object({
      /** Largest peak-to-trough fall, positive (0.25 = -25 %). */
      value: z.number(),
      peakDate: ZIsoDate.nullable(),
      troughDate: ZIsoDate.nullable(),
      recoveryDate: ZIsoDate.nullable(),
      recovered: z.boolean(),
    })
    .nullable(),
  sharpe: z.number().nullable(),
  sortino: z.number().nullable(),
  riskFreeRate: z.number(),
  /** 1-day historical VaR: `var` a positive fraction, `amount` in USD for today's value. */
  valueAtRisk: z
    .object({ confidence: z.number(), var: z.number(), amount: z.number().nullable() })
    .nullable(),
  concentration: z.object({
    hhi: z.number().nullable(),
    effectiveHoldings: z.number().nullable(),
    largest: z.object({ symbol: z.string(), weight: z.number() }).nullable(),
    top5Weight: z.number().nullable(),
  }),
  exposure: z.object({
    assetClass: z.array(ZAllocationBucket),
    sector: z.array(ZAllocationBucket),
    region: z.array(ZAllocationBucket),
  }),
  healthCheck: ZHealthCheck,
  /** Why the risk level is what it is, with its numbers. */
  riskReasons: z.array(z.string()),
  /** The returns of the portfolio's recorded history; null without one or without `portfolioKey` (decision 043). */
  returns: ZAnalysisReturns.nullable(),
  /** What the risk figures rest on. */
  history: z.object({
    benchmarkSymbol: z.string(),
    firstDate: ZIsoDate.nullable(),
    lastDate: ZIsoDate.nullable(),
    tradingDays: z.number(),
    /** 0-1 of today's value that has history. */
    coverageWeight: z.number(),
    withoutHistory: z.array(z.string()),
  }),
});
export type AnalysisMetrics = z.infer<typeof ZAnalysisMetrics>;

export const ZAnalysis = z.object({
  riskLevel: ZRiskLevel,
  overviewText: z.string(),
  diversificationGaps: z.array(z.string()),
  recommendations: z.array(ZRecommendation),
  insights: z.array(z.string()),
  metrics: ZAnalysisMetrics,
});
export type Analysis = z.infer<typeof ZAnalysis>;

export const ZPortfolioSummary = z.object({
  totalValue: z.number(),
  totalChange: z.number(),
  /** Percent units; 0 when yesterday's value is not known. */
  totalChangePercent: z.number(),
  holdingCount: z.number(),
  /** Holdings left out of every figure for want of a price: the unknown ones and those without an FX rate. */
  unpricedSymbols: z.array(z.string()),
  /** Symbols no market-data source found: left out of every figure ('Left out: ZZZZQ (not found)'). */
  unknownSymbols: z.array(z.string()),
  sources: z.array(ZMarketDataSource),
  isSimulated: z.boolean(),
  /** Last day of the price history used; null without history. */
  asOf: ZIsoDate.nullable(),
});
export type PortfolioSummary = z.infer<typeof ZPortfolioSummary>;

export const ZAnalysisUsage = z.object({ used: z.number(), limit: z.number(), remaining: z.number() });
export type AnalysisUsage = z.infer<typeof ZAnalysisUsage>;

/**
 * Who wrote the words of an analysis (the numbers always come from src/domain/analytics): the language model
 * ('AI Analysis Results'), rules over the computed figures because no model is configured ('Analysis
 * Results', DESIGN.md deviation 10), or the sample analysis of /api/analyze-demo ('Demo Analysis Results').
 */
export const ZAnalysisWordsSource = z.enum(['model', 'rules', 'demo']);
export type AnalysisWordsSource = z.infer<typeof ZAnalysisWordsSource>;

export const ZAnalyzeResponse = z.object({
  analysis: ZAnalysis,
  portfolioSummary: ZPortfolioSummary,
  /** True for /api/analyze-demo ('Demo Analysis Results'). */
  isDemoMode: z.boolean(),
  wordsSource: ZAnalysisWordsSource,
  /** The free allowance after this analysis (free plan and visitors only; absent when unlimited or demo). */
  usage: ZAnalysisUsage.optional(),
});
export type AnalyzeResponse = z.infer<typeof ZAnalyzeResponse>;

// ---------------------------------------------------------------------------------------- saved portfolio

/** PUT /api/portfolio (signed in): replaces the account's portfolio; `{}` clears it. */
export const ZSavePortfolioRequest = z.object({
  portfolio: z.preprocess((value) => value ?? {}, ZPortfolio),
});
export type SavePortfolioRequest = z.input<typeof ZSavePortfolioRequest>;

/** GET and PUT /api/portfolio: `{}` and null when nothing is saved yet. */
export const ZSavedPortfolioResponse = z.object({
  portfolio: z.record(z.string(), z.number()),
  updatedAt: ZIsoDateTime.nullable(),
});
export type SavedPortfolioResponse = z.infer<typeof ZSavedPortfolioResponse>;
