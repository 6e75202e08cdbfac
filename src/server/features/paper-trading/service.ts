import type { User } from '../../../contracts/accounts';
import { isGlobalListing } from '../../../domain/listings';
import { AppError } from '../../../contracts/errors';
import type { HistoryRange } from '../../../contracts/market-data';
import type {
  CreatePaperPortfolioRequest,
  PaperHolding,
  PaperPerformanceResponse,
  PaperPortfolio,
  PaperTrade,
  PaperTradeRequest,
} from '../../../contracts/paper-trading';
import {
  applyTrade,
  buildPerformanceSeries,
  Decimal,
  marketValueOf,
  moneyString,
  PAPER_TRADING_MESSAGES,
  portfolioCreatedMessage,
  priceString,
  returnOf,
  roundPrice,
  tradeExecutedMessage,
  unrealizedPnlOf,
  type DailyClose,
  type PaperTradeSide,
} from '../../../domain/paper-trading';
import { utcDateOf } from '../../../domain/calendar';
import { findSecurity } from '../../../domain/security-master';
import { displaySymbol, otherKindKey, symbolKeyOf, symbolNotFoundMessage } from '../../../domain/symbol-kind';
import { readableUserId } from '../../auth/guards';
import type { Database } from '../../db/client';
import { createTtlCache, type TtlCache } from '../../lib/cache';
import {
  findLastTradePrices,
  findPortfolioById,
  findTradeByIdempotencyKey,
  hasAnyPortfolio,
  insertPortfolio,
  listHoldingsOfPortfolios,
  listPortfoliosOfUser,
  listTrades,
  listTradesForReplay,
  lockPortfolioWithHolding,
  lockUser,
  writeFill,
  type PortfolioRow,
  type TradeRow,
  type Transaction,
} from './repository';

export type { Transaction } from './repository';

/**
 * What paper trading needs from market data, and nothing more: the app passes the market-data service
 * (`app.services.marketData`), tests a fake with exact prices.
 */
export interface QuoteSource {
  getQuote(symbol: string): Promise<{ symbol: string; currentPrice: number; source: string; asOf: string }>;
  /**
   * Completed daily sessions of the range per symbol, oldest first, in USD (the market-data service keeps them
   * per symbol and day); a symbol without history is in `errors`.
   */
  getUsdCloses(
    symbols: readonly string[],
    range: HistoryRange,
  ): Promise<{
    histories: Record<string, { source: string; closes: readonly DailyClose[] }>;
    errors: Record<string, string>;
  }>;
}

/**
 * Domain events, emitted INSIDE the transaction that made them true (after every ledger write, before
 * COMMIT), so a handler that writes with `context.tx` (rewards: points for the first portfolio, for trades)
 * commits or rolls back together with the ledger. A handler that throws aborts the operation.
 */
export type PaperTradingEvent =
  | {
      type: 'portfolio_created';
      userId: string;
      portfolioId: string;
      name: string;
      initialBalance: string;
      /** True for the user's first paper portfolio (spec 001 §9: it earns 100 points). */
      first: boolean;
      createdAt: Date;
    }
  | {
      type: 'trade_executed';
      userId: string;
      portfolioId: string;
      tradeId: string;
      symbol: string;
      side: PaperTradeSide;
      quantity: number;
      price: string;
      totalValue: string;
      /** Sells: (price - average cost) × quantity; null for buys. */
      realizedPnl: string | null;
      /** The portfolio's cash after the fill. */
      cashAfter: string;
      executedAt: Date;
    };

export type PaperTradingEventHandler = (
  event: PaperTradingEvent,
  context: { tx: Transaction },
) => Promise<void> | void;

/** Set through `ServiceOverrides.paperTrading`; every field has a default. */
export interface PaperTradingOptions {
  /** Default: the market-data service. */
  quoteSource?: QuoteSource;
  /** Default: does nothing. */
  onEvent?: PaperTradingEventHandler;
  /** The clock of the performance series' last day. Default: the system clock. */
  now?: () => Date;
  /** Tests only: runs in a trade's transaction after every write and event, just before COMMIT. */
  beforeTradeCommit?: (context: { tx: Transaction; tradeId: string }) => Promise<void>;
}

export interface PaperTradingContext {
  db: Database;
  quotes: QuoteSource;
  /** Each portfolio's owner (createPortfolioOwnerCache). */
  portfolioOwners: TtlCache<PortfolioOwner>;
  onEvent: PaperTradingEventHandler;
  now: () => Date;
  beforeTradeCommit?: PaperTradingOptions['beforeTradeCommit'];
}

interface PortfolioOwner {
  id: string;
  userId: string;
}

/**
 * Who owns a portfolio, by the id a request named: a trade checks it before fetching a quote (a foreign id costs no quote),
 * and a portfolio never changes owner, so a stream of trades reads it once. A deleted portfolio still named
 * here is refused a moment later by the trade's locking statement, which reads the row itself.
 */
export function createPortfolioOwnerCache(): TtlCache<PortfolioOwner> {
  return createTtlCache<PortfolioOwner>({ ttlMs: 60 * 60_000, maxEntries: 10_000 });
}

export const IDEMPOTENCY_CONFLICT_MESSAGE = 'This Idempotency-Key was already used for a different trade.';
export const QUOTE_UNUSABLE_MESSAGE = 'No usable price for this symbol right now. Please try again.';

const portfolioNotFound = () => new AppError('NOT_FOUND', PAPER_TRADING_MESSAGES.portfolioNotFound);
const canRead = (portfolio: PortfolioRow, user: User) =>
  portfolio.userId === user.id || user.role === 'admin';

// --------------------------------------------------------------------------------------------- portfolios

/** The session user's portfolios (an admin may name another user); a foreign `userId` is a 404. */
export async function listPaperPortfolios(
  options: PaperTradingContext & { user: User; userId?: string | undefined },
): Promise<PaperPortfolio[]> {
  return listPaperPortfoliosOfUser({ ...options, userId: readableUserId(options.user, options.userId) });
}

/** A user's portfolios, valued, for a caller that already knows whose they are (the read API's token). */
export async function listPaperPortfoliosOfUser(
  options: PaperTradingContext & { userId: string },
): Promise<PaperPortfolio[]> {
  return valuePortfolios(options, await listPortfoliosOfUser(options.db, options.userId));
}

/** Creates a portfolio with the server's own balances; emits `portfolio_created` in the same transaction. */
export async function createPaperPortfolio(
  options: PaperTradingContext & { user: User; input: CreatePaperPortfolioRequest },
): Promise<{ message: string; portfolio: PaperPortfolio }> {
  const { db, user, input, onEvent } = options;
  const row = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const first = !(await hasAnyPortfolio(tx, user.id));
    const created = await insertPortfolio(tx, {
      userId: user.id,
      name: input.name,
      description: input.description,
      initialBalance: input.initialBalance,
    });
    await onEvent(
      {
        type: 'portfolio_created',
        userId: user.id,
        portfolioId: created.id,
        name: created.name,
        initialBalance: created.initialBalance,
        first,
        createdAt: created.createdAt,
      },
      { tx },
    );
    return created;
  });
  const [portfolio] = await valuePortfolios(options, [row]);
  if (!portfolio) throw new Error('valuePortfolios lost a portfolio');
  return { message: portfolioCreatedMessage(row.name, row.initialBalance), portfolio };
}

interface PriceFound {
  price: Decimal;
  source: string;
  asOf: string;
}

/** Quotes for the symbols, in parallel; a symbol whose quote fails (or is unusable) is simply absent. */
async function quotePrices(quotes: QuoteSource, symbols: Iterable<string>): Promise<Map<string, PriceFound>> {
  const unique = [...new Set(symbols)];
  const settled = await Promise.allSettled(unique.map((symbol) => quotes.getQuote(symbol)));
  const prices = new Map<string, PriceFound>();
  settled.forEach((result, i) => {
    if (result.status !== 'fulfilled') return;
    const price = usablePrice(result.value.currentPrice);
    if (price)
      prices.set(unique[i] as string, { price, source: result.value.source, asOf: result.value.asOf });
  });
  return prices;
}

function usablePrice(value: number): Decimal | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const price = roundPrice(value);
  return price.gt(0) ? price : undefined;
}

/**
 * Values portfolios: cash + Σ quantity × current quote, each market value to the cent. A holding whose quote
 * fails is valued at its last fill price and marked `priceSource: 'last_trade'`.
 */
async function valuePortfolios(
  context: PaperTradingContext,
  rows: PortfolioRow[],
): Promise<PaperPortfolio[]> {
  const holdings = await listHoldingsOfPortfolios(
    context.db,
    rows.map((r) => r.id),
  );
  const prices = await quotePrices(
    context.quotes,
    holdings.map((h) => h.symbol),
  );
  const missing = holdings.filter((h) => !prices.has(h.symbol));
  const lastFills = await findLastTradePrices(context.db, missing);

  return rows.map((row) => {
    let totalValue = new Decimal(row.cashBalance);
    let hasStalePrices = false;
    const byPortfolio: Record<string, PaperHolding> = {};
    for (const holding of holdings) {
      if (holding.portfolioId !== row.id) continue;
      const state = { quantity: holding.quantity, averageCost: new Decimal(holding.averageCost) };
      let priced: PriceFound | undefined = prices.get(holding.symbol);
      if (!priced) {
        hasStalePrices = true;
        const fill = lastFills.get(`${row.id}|${holding.symbol}`);
        priced = fill
          ? { price: new Decimal(fill.price), source: 'last_trade', asOf: fill.executedAt.toISOString() }
          : { price: state.averageCost, source: 'last_trade', asOf: holding.updatedAt.toISOString() };
      }
      const marketValue = marketValueOf(holding.quantity, priced.price);
      totalValue = totalValue.plus(marketValue);
      byPortfolio[holding.symbol] = {
        quantity: holding.quantity,
        averageCost: priceString(holding.averageCost),
        currentPrice: priceString(priced.price),
        marketValue: moneyString(marketValue),
        unrealizedPnl: moneyString(unrealizedPnlOf(state, priced.price)),
        priceSource: priced.source,
        priceAsOf: priced.asOf,
      };
    }
    const { totalReturn, totalReturnPercent } = returnOf(row.initialBalance, totalValue);
    return {
      id: row.id,
      userId: row.userId,
      name: row.name,
      description: row.description,
      initialBalance: moneyString(row.initialBalance),
      currentBalance: moneyString(row.cashBalance),
      totalValue: moneyString(totalValue),
      totalReturn: totalReturn.toFixed(2),
      totalReturnPercent: totalReturnPercent.toFixed(2),
      holdings: byPortfolio,
      hasStalePrices,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

// ------------------------------------------------------------------------------------------------- trades

export function toPaperTrade(row: TradeRow): PaperTrade {
  return {
    id: row.id,
    portfolioId: row.portfolioId,
    userId: row.userId,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: priceString(row.price),
    totalValue: moneyString(row.totalValue),
    realizedPnl: row.realizedPnl === null ? null : moneyString(row.realizedPnl),
    priceSource: row.priceSource,
    executedAt: row.executedAt.toISOString(),
  };
}

/** The session user's trades, newest first; `portfolioId` narrows to one of their portfolios (404 otherwise). */
export async function listPaperTrades(
  options: PaperTradingContext & { user: User; portfolioId?: string | undefined; limit: number },
): Promise<PaperTrade[]> {
  const { db, user, portfolioId, limit } = options;
  if (portfolioId === undefined) {
    return (await listTrades(db, { userId: user.id }, limit)).map(toPaperTrade);
  }
  const portfolio = await findPortfolioById(db, portfolioId);
  if (!portfolio || !canRead(portfolio, user)) throw portfolioNotFound();
  return (await listTrades(db, { portfolioId: portfolio.id }, limit)).map(toPaperTrade);
}

/**
 * The quote of `key`; a symbol no source finds stays a 404, in the words of the alert form: 'We could not find
 * BTC as a stock or fund. BTC is a crypto: choose Crypto.' when the other kind is on the security master, else
 * 'We could not find ZZZZQ. Check the spelling.'
 */
async function quoteOrExplain(quotes: QuoteSource, key: string): ReturnType<QuoteSource['getQuote']> {
  try {
    return await quotes.getQuote(key);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
    const message = symbolNotFoundMessage(key, findSecurity(otherKindKey(key)) !== undefined);
    throw new AppError('NOT_FOUND', message, { fields: { symbol: message } });
  }
}

/** Raised inside the transaction when the idempotency key turns out to be taken: roll back, then replay. */
class IdempotentReplay extends Error {
  constructor(readonly trade: TradeRow | undefined) {
    super('idempotent replay');
  }
}

export interface PlacedTrade {
  message: string;
  trade: PaperTrade;
  /** True when an earlier request with the same Idempotency-Key had filled it. */
  replayed: boolean;
}

/**
 * One fill at the current quote (fetched before the transaction: no network under a lock), in ONE
 * transaction that locks the portfolio row before reading cash and holdings: concurrent orders apply one
 * after another on any number of instances, cash never goes negative, and a crash leaves all or nothing.
 * With an idempotency key, a retried request returns the first fill (the unique (user_id, key) index).
 */
export async function placePaperTrade(
  options: PaperTradingContext & {
    user: User;
    input: PaperTradeRequest;
    idempotencyKey?: string | undefined;
  },
): Promise<PlacedTrade> {
  const { db, user, input, idempotencyKey, quotes, onEvent } = options;
  if (input.userId != null && input.userId !== user.id) throw portfolioNotFound();
  const portfolio = await options.portfolioOwners.get(input.portfolioId, async () => {
    const found = await findPortfolioById(db, input.portfolioId);
    if (!found) throw portfolioNotFound();
    return { id: found.id, userId: found.userId };
  });
  if (portfolio.userId !== user.id) throw portfolioNotFound();

  const replay = (trade: TradeRow): PlacedTrade => {
    if (
      trade.portfolioId !== portfolio.id ||
      trade.side !== input.side ||
      trade.quantity !== input.quantity
    ) {
      throw new AppError('CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE);
    }
    return { message: tradeExecutedMessage(trade), trade: toPaperTrade(trade), replayed: true };
  };
  if (idempotencyKey) {
    const earlier = await findTradeByIdempotencyKey(db, user.id, idempotencyKey);
    if (earlier) return replay(earlier);
  }

  const key = symbolKeyOf(input.kind, input.symbol);
  // Paper accounts hold USD cash; a listing outside the US would need FX on every fill (docs/decisions/034).
  if (isGlobalListing(key)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Paper trading covers US listings and crypto; ${displaySymbol(key)} is listed outside the US.`,
      { fields: { symbol: 'Listed outside the US' } },
    );
  }
  const quote = await quoteOrExplain(quotes, key);
  const price = usablePrice(quote.currentPrice);
  if (!price) throw new AppError('SERVICE_UNAVAILABLE', QUOTE_UNUSABLE_MESSAGE);
  const symbol = (quote.symbol || key).toUpperCase();

  let row: TradeRow;
  try {
    row = await db.transaction(async (tx) => {
      const locked = await lockPortfolioWithHolding(tx, portfolio.id, user.id, symbol);
      if (!locked) throw portfolioNotFound();
      if (idempotencyKey) {
        // A request with this key that held the lock before us has committed by now: see its fill.
        const earlier = await findTradeByIdempotencyKey(tx, user.id, idempotencyKey);
        if (earlier) throw new IdempotentReplay(earlier);
      }
      const { holding } = locked;
      const outcome = applyTrade(
        {
          cash: locked.cashBalance,
          holding: holding && { quantity: holding.quantity, averageCost: new Decimal(holding.averageCost) },
        },
        { symbol, side: input.side, quantity: input.quantity, price },
      );
      if (!outcome.ok) throw new AppError(outcome.code, outcome.message);

      const cashAfter = outcome.cash.toFixed(2);
      const inserted = await writeFill(tx, {
        portfolioId: portfolio.id,
        userId: user.id,
        symbol,
        side: input.side,
        quantity: input.quantity,
        price: outcome.price.toFixed(6),
        totalValue: outcome.totalValue.toFixed(2),
        realizedPnl: outcome.realizedPnl?.toFixed(2) ?? null,
        priceSource: quote.source,
        idempotencyKey: idempotencyKey ?? null,
        cashAfter,
        holdingQuantity: outcome.holding.quantity,
        holdingAverageCost: outcome.holding.averageCost.toFixed(6),
      });
      // The key was taken by a concurrent request on another portfolio of this user: it wins.
      if (!inserted) throw new IdempotentReplay(undefined);
      await onEvent(
        {
          type: 'trade_executed',
          userId: user.id,
          portfolioId: portfolio.id,
          tradeId: inserted.id,
          symbol,
          side: input.side,
          quantity: input.quantity,
          price: inserted.price,
          totalValue: inserted.totalValue,
          realizedPnl: inserted.realizedPnl,
          cashAfter,
          executedAt: inserted.executedAt,
        },
        { tx },
      );
      await options.beforeTradeCommit?.({ tx, tradeId: inserted.id });
      return inserted;
    });
  } catch (error) {
    if (!(error instanceof IdempotentReplay) || !idempotencyKey) throw error;
    const earlier = error.trade ?? (await findTradeByIdempotencyKey(db, user.id, idempotencyKey));
    if (!earlier) throw new AppError('CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE);
    return replay(earlier);
  }
  return { message: tradeExecutedMessage(row), trade: toPaperTrade(row), replayed: false };
}

// -------------------------------------------------------------------------------------------- performance

const HISTORY_RANGE_MONTHS: readonly [HistoryRange, number][] = [
  ['1M', 1],
  ['6M', 6],
  ['1Y', 12],
  ['5Y', 60],
];

/** The shortest history range reaching back to `startDate` (5Y at most; older days fall back to fills). */
export function historyRangeFor(startDate: string, today: Date): HistoryRange {
  for (const [range, months] of HISTORY_RANGE_MONTHS) {
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, today.getUTCDate()));
    // A few days of slack: the range ends at the last completed session, not today.
    from.setUTCDate(from.getUTCDate() + 5);
    if (utcDateOf(from) <= startDate) return range;
  }
  return '5Y';
}

/**
 * The value of a portfolio day by day since its creation: cash replayed from its fills, holdings valued at
 * daily closes (forward-filled; before a symbol's first close, at its fill price), today at the live quote.
 */
export async function getPaperPerformance(
  options: PaperTradingContext & { user: User; portfolioId: string },
): Promise<PaperPerformanceResponse> {
  const { db, user, quotes } = options;
  const portfolio = await findPortfolioById(db, options.portfolioId);
  if (!portfolio || !canRead(portfolio, user)) throw portfolioNotFound();

  const today = options.now();
  const startDate = utcDateOf(portfolio.createdAt);
  const [fills, holdings] = await Promise.all([
    listTradesForReplay(db, portfolio.id),
    listHoldingsOfPortfolios(db, [portfolio.id]),
  ]);
  const symbols = [...new Set(fills.map((f) => f.symbol))];
  const range = historyRangeFor(startDate, today);
  // One batch of closes (kept by the market-data service per symbol and day); a symbol without history is
  // valued at its fills, as is every symbol when the read fails.
  const noHistories = { histories: {} as Awaited<ReturnType<QuoteSource['getUsdCloses']>>['histories'] };
  const [{ histories }, live] = await Promise.all([
    symbols.length > 0 ? quotes.getUsdCloses(symbols, range).catch(() => noHistories) : noHistories,
    quotePrices(
      quotes,
      holdings.map((h) => h.symbol),
    ),
  ]);

  const closes = new Map<string, readonly DailyClose[]>();
  const priceSources: Record<string, string> = {};
  for (const symbol of symbols) {
    const found = histories[symbol];
    if (found && found.closes.length > 0) {
      closes.set(symbol, found.closes);
      priceSources[symbol] = found.source;
    } else {
      priceSources[symbol] = 'last_trade';
    }
  }

  const series = buildPerformanceSeries({
    startDate,
    endDate: utcDateOf(today),
    initialCash: portfolio.initialBalance,
    trades: fills.map((f) => ({
      date: utcDateOf(f.executedAt),
      symbol: f.symbol,
      side: f.side,
      quantity: f.quantity,
      price: f.price,
      totalValue: f.totalValue,
    })),
    closes,
    latestPrices: new Map([...live].map(([symbol, found]) => [symbol, found.price])),
  });
  return { portfolioId: portfolio.id, ...series, priceSources };
}

export interface PaperFills {
  initialBalance: string;
  createdAt: Date;
  fills: Awaited<ReturnType<typeof listTradesForReplay>>;
}

/**
 * A portfolio's starting balance and every fill, oldest first, for the activity ledger's read-only view of it
 * (decision 036): 404 'Portfolio not found' unless it is the user's own.
 */
export async function readPaperFills(options: {
  db: Database;
  userId: string;
  portfolioId: string;
}): Promise<PaperFills> {
  const portfolio = await findPortfolioById(options.db, options.portfolioId);
  if (!portfolio || portfolio.userId !== options.userId) throw portfolioNotFound();
  const fills = await listTradesForReplay(options.db, portfolio.id);
  return { initialBalance: portfolio.initialBalance, createdAt: portfolio.createdAt, fills };
}
