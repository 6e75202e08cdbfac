/**
 * A portfolio's dividend income and its realised gains by year (issue 28 items 4 and 6; docs/performance.md,
 * "Dividend income" and "Realised gains by year"): GET /api/holdings/income and GET /api/holdings/realized-by-year.
 * Money is a JSON number rounded to the cent (the domain computes it exactly), yields are fractions (0.031 for
 * 3.1 %) rounded to the 8th decimal, dates `YYYY-MM-DD`. This step converts to USD only: `currency` is 'USD', and a
 * payment in another currency has no USD figure (its currency is listed in `missingRates`).
 */
import { z } from 'zod';
import { ZCostBasisMethod, ZPortfolioKey } from './activities';
import { ZIsoDate } from './dates';

/** The query of both routes. */
export const ZIncomeQuery = z.object({ portfolio: ZPortfolioKey });

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
});
export type HoldingIncome = z.infer<typeof ZHoldingIncome>;

export const ZDividendIncomeResponse = z.object({
  portfolio: z.string(),
  /** The currency of every `amount` not in `byCurrency`: USD in this step. */
  currency: z.literal('USD'),
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
  /** Where today's prices came from (`simulated` among them: the screen says so). */
  sources: z.array(z.string()),
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

export const ZRealizedYear = ZRealizedFigures.extend({
  year: z.number().int(),
  /** The holdings' currency: a year is given per currency, never added across currencies. */
  currency: z.string(),
  holdings: z.array(ZRealizedFigures.extend({ symbol: z.string() })),
});
export type RealizedYear = z.infer<typeof ZRealizedYear>;

export const ZRealizedByYearResponse = z.object({
  portfolio: z.string(),
  costBasisMethod: ZCostBasisMethod,
  hasHistory: z.boolean(),
  /** Newest year first. */
  years: z.array(ZRealizedYear),
});
export type RealizedByYearResponse = z.infer<typeof ZRealizedByYearResponse>;
