import { z } from 'zod';
import {
  Decimal,
  PAPER_PORTFOLIO_LIMITS,
  PAPER_TRADE_LIMITS,
  PAPER_TRADE_SIDES,
  PAPER_TRADING_MESSAGES as M,
  roundMoney,
} from '../domain/paper-trading';
import { SYMBOL_KINDS } from '../domain/symbol-kind';
import { ZIsoDateTime } from './dates';
import { text, TICKER_PATTERN } from './text';

/** Money on the wire: a string with exactly two decimals, `"10000.00"`, `"-12.50"`. */
export const ZMoney = z.string().regex(/^-?\d+\.\d{2}$/);
/** A price or an average cost: a string with up to six decimals, `"215.000000"`. */
export const ZPrice = z.string().regex(/^-?\d+(\.\d{1,6})?$/);

const DECIMAL_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * The starting balance, a number or a numeric string (spec 001 §3: money arrives as strings, read as
 * numbers). Checked against the limits as sent, then kept to the cent (half away from zero) as a string.
 */
const ZInitialBalance = z
  .union(
    [
      z.number({ error: M.balanceNotANumber }),
      text({ field: 'Starting balance', max: 40, trim: false, message: M.balanceNotANumber }).regex(
        DECIMAL_TEXT,
        M.balanceNotANumber,
      ),
    ],
    {
      error: M.balanceNotANumber,
    },
  )
  .transform((value) => new Decimal(typeof value === 'string' ? value.trim() : value))
  .refine((value) => value.gte(PAPER_PORTFOLIO_LIMITS.minInitialBalance), M.balanceTooLow)
  .refine((value) => value.lte(PAPER_PORTFOLIO_LIMITS.maxInitialBalance), M.balanceTooHigh)
  .transform((value) => roundMoney(value).toFixed(2));

/**
 * POST /api/paper-trading/portfolio (spec 001 §5). The spec's client also sends userId, currentBalance,
 * totalValue, totalReturn, totalReturnPercent and holdings: accepted and dropped (unknown keys are stripped);
 * the server owns them.
 */
export const ZCreatePaperPortfolioRequest = z.object({
  name: text({
    field: 'Portfolio name',
    max: PAPER_PORTFOLIO_LIMITS.nameMaxLength,
    min: 1,
    required: M.nameRequired,
    tooShort: M.nameRequired,
    tooLong: M.nameTooLong,
  }),
  description: text({
    field: 'Description',
    max: PAPER_PORTFOLIO_LIMITS.descriptionMaxLength,
    multiline: true,
    tooLong: M.descriptionTooLong,
  })
    .nullish()
    .transform((value) => (value ? value : null)),
  initialBalance: ZInitialBalance.nullish().transform(
    (value) => value ?? roundMoney(PAPER_PORTFOLIO_LIMITS.defaultInitialBalance).toFixed(2),
  ),
});
export type CreatePaperPortfolioInput = z.input<typeof ZCreatePaperPortfolioRequest>;
export type CreatePaperPortfolioRequest = z.output<typeof ZCreatePaperPortfolioRequest>;

/** A user id as the client sends it: our uuid (the spec's numeric ids never match one). */
const ZUserIdParam = z.union([text({ field: 'User id', max: 100 }), z.number()]).transform(String);

/** A typed ticker, upper-cased (spec 001 §5), with the paper trade's messages: the trade and the advisor read it so. */
export const ZTickerSymbol = text({
  field: 'Symbol',
  max: PAPER_TRADE_LIMITS.symbolMaxLength,
  min: 1,
  required: M.symbolRequired,
  tooShort: M.symbolRequired,
  tooLong: M.symbolTooLong,
})
  .toUpperCase()
  .regex(TICKER_PATTERN, M.symbolInvalid);

/**
 * POST /api/paper-trading/trade (spec 001 §5). The fill price is never the client's. `symbol` is the ticker as
 * typed and `kind` says what it is: `{ symbol: 'BTC', kind: 'crypto' }` trades the coin (key `CRYPTO:BTC`);
 * without `kind` a stock or fund, and a key sent in full (`CRYPTO:BTC`, as before issue 25) is kept.
 */
export const ZPaperTradeRequest = z.object({
  portfolioId: text({ field: 'Portfolio', max: 100, min: 1, message: M.noPortfolioSelected }),
  userId: ZUserIdParam.nullish(),
  symbol: ZTickerSymbol,
  kind: z.enum(SYMBOL_KINDS, { error: M.kindInvalid }).default('stock'),
  side: z.enum(PAPER_TRADE_SIDES, { error: M.sideInvalid }),
  quantity: z
    .number({ error: M.quantityTooLow })
    .int(M.quantityNotWhole)
    .min(PAPER_TRADE_LIMITS.minQuantity, M.quantityTooLow)
    .max(PAPER_TRADE_LIMITS.maxQuantity, M.quantityTooHigh),
});
export type PaperTradeRequest = z.output<typeof ZPaperTradeRequest>;

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 visible characters';
/** The optional `Idempotency-Key` header of POST /trade: a retried request with the same key fills once. */
export const ZIdempotencyKey = text({
  field: 'Idempotency-Key',
  max: 100,
  min: 1,
  trim: false,
  message: IDEMPOTENCY_KEY_MESSAGE,
})
  .regex(/^[\x21-\x7e]+$/, IDEMPOTENCY_KEY_MESSAGE)
  .optional();

/** GET /api/paper-trading/portfolio?userId= */
export const ZPaperPortfolioListQuery = z.object({ userId: ZUserIdParam.optional() });

export const PAPER_TRADES_DEFAULT_LIMIT = 100;
export const PAPER_TRADES_MAX_LIMIT = 500;
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${PAPER_TRADES_MAX_LIMIT}`;

/** GET /api/paper-trading/trades?portfolioId=&limit= */
export const ZPaperTradesQuery = z.object({
  portfolioId: text({ field: 'Portfolio', max: 100, min: 1 }).optional(),
  limit: text({ field: 'Limit', max: 6, trim: false, message: LIMIT_MESSAGE })
    .regex(/^\d{1,6}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(PAPER_TRADES_MAX_LIMIT, LIMIT_MESSAGE))
    .default(PAPER_TRADES_DEFAULT_LIMIT),
});

export const ZPaperPortfolioParams = z.object({ id: text({ field: 'Portfolio', max: 100 }) });

/** Where a holding's current price came from: a market-data source, or `last_trade` when no quote answered. */
export const ZPaperPriceSource = z.string();

export const ZPaperHolding = z.object({
  quantity: z.number().int(),
  averageCost: ZPrice,
  currentPrice: ZPrice,
  marketValue: ZMoney,
  unrealizedPnl: ZMoney,
  /** `simulated`, `yahoo`, ... or `last_trade` (the quote failed: valued at the last fill price). */
  priceSource: ZPaperPriceSource,
  /** The time of the price. */
  priceAsOf: ZIsoDateTime,
});
export type PaperHolding = z.infer<typeof ZPaperHolding>;

export const ZPaperPortfolio = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  initialBalance: ZMoney,
  /** The cash. */
  currentBalance: ZMoney,
  /** Cash + Σ market values. */
  totalValue: ZMoney,
  totalReturn: ZMoney,
  /** Percent, two decimals: `"2.15"` is 2.15 %. */
  totalReturnPercent: z.string(),
  holdings: z.record(z.string(), ZPaperHolding),
  /** True when at least one holding is valued at its last fill price because no quote answered. */
  hasStalePrices: z.boolean(),
  createdAt: ZIsoDateTime,
});
export type PaperPortfolio = z.infer<typeof ZPaperPortfolio>;

export const ZPaperPortfolioListResponse = z.array(ZPaperPortfolio);
export type PaperPortfolioListResponse = z.infer<typeof ZPaperPortfolioListResponse>;

export const ZCreatePaperPortfolioResponse = z.object({ message: z.string(), portfolio: ZPaperPortfolio });
export type CreatePaperPortfolioResponse = z.infer<typeof ZCreatePaperPortfolioResponse>;

export const ZPaperTrade = z.object({
  id: z.string(),
  portfolioId: z.string(),
  userId: z.string(),
  symbol: z.string(),
  side: z.enum(PAPER_TRADE_SIDES),
  quantity: z.number().int(),
  price: ZPrice,
  totalValue: ZMoney,
  /** Sells: (price - average cost) × quantity; null for buys. */
  realizedPnl: ZMoney.nullable(),
  priceSource: z.string(),
  executedAt: z.string(),
});
export type PaperTrade = z.infer<typeof ZPaperTrade>;

export const ZPaperTradeListResponse = z.array(ZPaperTrade);
export type PaperTradeListResponse = z.infer<typeof ZPaperTradeListResponse>;

export const ZPaperTradeResponse = z.object({ message: z.string(), trade: ZPaperTrade });
export type PaperTradeResponse = z.infer<typeof ZPaperTradeResponse>;

export const ZPaperPerformanceResponse = z.object({
  portfolioId: z.string(),
  /** One point per calendar day (UTC) from the portfolio's creation to today. */
  points: z.array(z.object({ date: z.string(), value: ZMoney, cash: ZMoney })),
  totalReturn: ZMoney,
  totalReturnPercent: z.string(),
  dailyReturn: ZMoney,
  dailyReturnPercent: z.string(),
  /** Per symbol ever held: the source of its daily closes, or `last_trade` when no history answered. */
  priceSources: z.record(z.string(), z.string()),
});
export type PaperPerformanceResponse = z.infer<typeof ZPaperPerformanceResponse>;
