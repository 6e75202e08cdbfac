/**
 * A portfolio's returns, GET /api/performance and GET /api/v1/performance (issue 28 item 8; docs/performance.md).
 * Returns are fractions (0.0523 for 5.23 %); money is a JSON number in the answer's `currency`, rounded to the
 * cent on the way out (the domain computes it exactly). Dates are `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { PERIOD_RANGES } from '../domain/performance/periods';
import { ZPortfolioKey } from './activities';
import { ZIsoDate } from './dates';
import { text } from './text';

/** The base currencies a person can choose (issue 28 item 3). */
export const BASE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'JPY', 'AUD', 'HKD'] as const;
export type BaseCurrency = (typeof BASE_CURRENCIES)[number];

export const DEFAULT_BENCHMARK = 'SPY';

export const PERFORMANCE_MESSAGES = {
  rangeInvalid: `range must be one of ${PERIOD_RANGES.join(', ')}`,
  currencyInvalid: `currency must be one of ${BASE_CURRENCIES.join(', ')}`,
  datesTogether: 'from and to go together: send both, or a range',
  benchmarkInvalid: 'benchmark must be a ticker symbol, or none',
  noHistory: 'Add your transactions or import a file to see returns',
  fromInvalid: 'from must be a date written YYYY-MM-DD',
  toInvalid: 'to must be a date written YYYY-MM-DD',
} as const;
const M = PERFORMANCE_MESSAGES;

export const ZPerformanceRange = z.enum(PERIOD_RANGES, { error: M.rangeInvalid });
export const ZBaseCurrency = z.enum(BASE_CURRENCIES, { error: M.currencyInvalid });

/** A date of the query: text (as every request string), written YYYY-MM-DD; `format: date` for the OpenAPI document. */
const ZQueryDate = (field: 'from' | 'to', message: string) =>
  text({ field, max: 10, message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .meta({ format: 'date' })
    .optional();

/**
 * The query: a range (default MAX) or from–to dates (both); the benchmark's ticker (default SPY, `none` for no
 * benchmark); the currency (default the person's base currency).
 */
export const ZPerformanceQuery = z
  .object({
    portfolio: ZPortfolioKey.default('me'),
    range: ZPerformanceRange.optional(),
    from: ZQueryDate('from', M.fromInvalid),
    to: ZQueryDate('to', M.toInvalid),
    benchmark: text({ field: 'benchmark', max: 20, min: 1, message: M.benchmarkInvalid })
      .toUpperCase()
      .regex(/^[A-Z0-9.^=:-]+$/, M.benchmarkInvalid)
      .optional(),
    currency: ZBaseCurrency.optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: M.datesTogether,
    path: ['from'],
  });
export type PerformanceQuery = z.infer<typeof ZPerformanceQuery>;

/** Why there is no money-weighted return (docs/performance.md, "Money-weighted return"). */
export const MWR_UNAVAILABLE = ['NO_FLOWS', 'NO_SIGN_CHANGE', 'NO_RATE', 'NOT_UNIQUE'] as const;

const ZMoneyWeighted = z.object({
  mwr: z.number().nullable(),
  mwrAnnualized: z.number().nullable(),
  /** Set when `mwr` is null. */
  mwrUnavailable: z.enum(MWR_UNAVAILABLE).nullable(),
});

/** A run of weekdays valued without a price (or rate) of its own: said, never silent (issue 28 item 10). */
export const ZPerformanceApproximation = z.object({
  /** A symbol, or a currency code for its rate. */
  subject: z.string(),
  kind: z.enum(['carried', 'tradePrice', 'backfilled', 'unpriced']),
  from: ZIsoDate,
  to: ZIsoDate,
});
export type PerformanceApproximation = z.infer<typeof ZPerformanceApproximation>;

export const ZPerformancePoint = z.object({
  date: ZIsoDate,
  value: z.number(),
  netInvested: z.number(),
  /** 1 at the period's start. */
  twrIndex: z.number(),
  /** The benchmark's close over its close at the period's start; null without one. */
  benchmarkIndex: z.number().nullable(),
});
export type PerformancePoint = z.infer<typeof ZPerformancePoint>;

export const ZPerformanceBreakdown = z.object({
  price: z.number(),
  dividends: z.number(),
  interest: z.number(),
  fees: z.number(),
  taxes: z.number(),
  currency: z.number(),
  realized: z.number(),
  unrealized: z.number(),
});

/** Where the figures came from: each symbol's closes and each currency's rates, by vendor or `simulated`. */
export const ZPerformanceSources = z.object({
  prices: z.record(z.string(), z.string()),
  fx: z.record(z.string(), z.string()),
});

export const ZPerformanceResponse = ZMoneyWeighted.extend({
  portfolio: z.string(),
  period: z.object({
    range: z.union([ZPerformanceRange, z.literal('CUSTOM')]),
    /** The day whose closing value the period starts from (the day before its first day). */
    start: ZIsoDate,
    end: ZIsoDate,
    startsBeforeHistory: z.boolean(),
    endsAfterAsOf: z.boolean(),
  }),
  twr: z.number(),
  /** Only for periods over a year. */
  twrAnnualized: z.number().nullable(),
  startValue: z.number(),
  endValue: z.number(),
  netFlows: z.number(),
  breakdown: ZPerformanceBreakdown,
  series: z.array(ZPerformancePoint),
  benchmark: z
    .union([
      ZMoneyWeighted.extend({
        symbol: z.string(),
        available: z.literal(true),
        twr: z.number(),
        twrAnnualized: z.number().nullable(),
      }),
      z.object({ symbol: z.string(), available: z.literal(false), message: z.string() }),
    ])
    .nullable(),
  currency: ZBaseCurrency,
  asOf: ZIsoDate,
  sources: ZPerformanceSources,
  approximations: z.array(ZPerformanceApproximation),
});
export type PerformanceResponse = z.infer<typeof ZPerformanceResponse>;

/** PUT /api/performance/base-currency: the person's base currency (issue 28 item 3). */
export const ZBaseCurrencyBody = z.object({ currency: ZBaseCurrency });
export const ZBaseCurrencyResponse = z.object({ currency: ZBaseCurrency });
