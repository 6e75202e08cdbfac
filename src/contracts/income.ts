/**
 * A portfolio's dividend income and its realised gains by year (issue 28 items 3, 4 and 6; docs/performance.md,
 * "Dividend income" and "Realised gains by year"): GET /api/holdings/income and GET /api/holdings/realized-by-year.
 * Money is a JSON number rounded to the cent (the domain computes it exactly), yields are fractions (0.031 for
 * 3.1 %) rounded to the 8th decimal, dates `YYYY-MM-DD`. Figures are in the base currency (`currency`: the person's
 * setting, or the query's), each payment or trade at its day's rate; one in a currency without a rate that day has
 * no base figure, is given in its own currency, and its currency is listed in `missingRates`.
 */
import { z } from 'zod';
import { ZCostBasisMethod, ZPortfolioKey } from './activities';
import { ZIsoDate } from './dates';
import { ZBaseCurrency } from './performance';

/** The query of both routes: the portfolio, and the base currency for this read (default the person's setting). */
export const ZIncomeQuery = z.object({ portfolio: ZPortfolioKey, currency: ZBaseCurrency.optional() });
export type IncomeQuery = z.infer<typeof ZIncomeQuery>;

/** Where the rates came from, by currency: a vendor, `simulated` (the screen says so), or both legs of a cross. */
const ZFxSources = z.record(z.string(), z.string());

/** The words every screen puts beside the forward figure: it is an estimate, never a record. */
export const FORWARD_ESTIMATE_NOTE =
  "An estimate: the last 12 months' dividends of what you hold, scaled to the shares you hold now. Companies change their dividends.";

const ZMoneyInCurrency = z.object({ currency: z.string(), amount: z.number() });

/** Amounts in each payment's currency, and their sum in `currency` (null: a rate is missing). */
const ZIncomeAmount = z.object({ amount: z.number().nullable(), byCurrency: z.array(ZMoneyInCurrency) });

export const ZIncomePeriod = ZIncomeAmount.extend({
  /** `2024-03` for a month, `2024` for a year. */
  period: z.string(),
});
export type IncomePeriod = z.infer<typeof ZIncomePeriod>;

export const ZForwardEstimate = z.object({
  kind: z.literal('estimate'),
  amount: z.number(),
  /** The trailing-12-month payments it is built from. */
  payments: z.number().int(),
  /** Of those, the ones paid on no shares: counted as paid. */
  unscaled: z.number().int(),
});

export const ZHoldingIncome = z.object({
  symbol: z.string(),
  /** The payments' currency (nearly always the holding's). */
  currency: z.string(),
  /** Held now; 0 for a holding sold out. */
  quantity: z.number(),
  total: z.number(),
  trailing12m: z.number(),
  /** Of what is held now, in the holding's currency; null when unknown or not held. */
  costBasis: z.number().nullable(),
  marketValue: z.number().nullable(),
  yieldOnCost: z.number().nullable(),
  yieldOnValue: z.number().nullable(),
  forward12m: ZForwardEstimate,
  /** The same in the answer's `currency` (the estimate at today's rate); null without a rate. */
  inBase: z.object({
    total: z.number().nullable(),
    trailing12m: z.number().nullable(),
    forward12m: z.number().nullable(),
  }),
});
export type HoldingIncome = z.infer<typeof ZHoldingIncome>;

export const ZDividendIncomeResponse = z.object({
  portfolio: z.string(),
  /** The base currency: that of every `amount` not in `byCurrency`. */
  currency: ZBaseCurrency,
  asOf: ZIsoDate,
  /** The first day of the trailing 12 months. */
  trailingFrom: ZIsoDate,
  /** False while the portfolio is only its map (no payment can be known). */
  hasHistory: z.boolean(),
  total: ZIncomeAmount,
  trailing12m: ZIncomeAmount,
  /** Oldest first; only months and years with a payment. */
  byMonth: z.array(ZIncomePeriod),
  byYear: z.array(ZIncomePeriod),
  holdings: z.array(ZHoldingIncome),
  /** The held holdings' trailing-12-month dividends over their cost basis and over their value, in `currency`. */
  yield: z.object({
    onCost: z.number().nullable(),
    onValue: z.number().nullable(),
    costBasis: z.number().nullable(),
    marketValue: z.number().nullable(),
    /** Held holdings left out of the yield on cost (unknown cost) and of the yield on value (no price). */
    unknownCost: z.array(z.string()),
    unpriced: z.array(z.string()),
  }),
  forward12m: ZIncomeAmount.extend({ kind: z.literal('estimate'), note: z.literal(FORWARD_ESTIMATE_NOTE) }),
  /** Currencies without a rate to `currency`: their payments are in `byCurrency` only. */
  missingRates: z.array(z.string()),
  /** Where today's prices came from (`simulated` among them: the screen says so), and the rates. */
  sources: z.object({ prices: z.array(z.string()), fx: ZFxSources }),
});
export type DividendIncomeResponse = z.infer<typeof ZDividendIncomeResponse>;

const ZRealizedFigures = z.object({
  proceeds: z.number(),
  /** Null when a share sold had an unknown cost; so are its term's gain and the total. */
  costBasis: z.number().nullable(),
  shortTerm: z.number().nullable(),
  longTerm: z.number().nullable(),
  total: z.number().nullable(),
});

/** In the answer's `currency`; null when a trade of a holding sold has no rate (its currency is in `missingRates`). */
const ZRealizedInBase = ZRealizedFigures.nullable();

export const ZRealizedYear = z.object({
  year: z.number().int(),
  inBase: ZRealizedInBase,
  /** The year in each holding currency: what shows when `inBase` is null. */
  byCurrency: z.array(ZRealizedFigures.extend({ currency: z.string() })),
  /** By symbol, each with its own currency. */
  holdings: z.array(z.object({ symbol: z.string(), currency: z.string(), inBase: ZRealizedInBase })),
});
export type RealizedYear = z.infer<typeof ZRealizedYear>;
export type RealizedFigures = z.infer<typeof ZRealizedFigures>;

export const ZRealizedByYearResponse = z.object({
  portfolio: z.string(),
  /** The base currency. */
  currency: ZBaseCurrency,
  costBasisMethod: ZCostBasisMethod,
  hasHistory: z.boolean(),
  /** Newest year first. */
  years: z.array(ZRealizedYear),
  /** Currencies of holdings sold with a trade on a day without a rate to `currency`. */
  missingRates: z.array(z.string()),
  sources: z.object({ fx: ZFxSources }),
});
export type RealizedByYearResponse = z.infer<typeof ZRealizedByYearResponse>;
