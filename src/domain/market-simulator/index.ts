/**
 * The deterministic offline market simulator (DESIGN.md, "Data sources are honest").
 *
 * Every price is a pure function of (symbol, date): a seeded random walk per symbol, anchored so that it
 * passes through the security master's `basePrice` at SIMULATION_ANCHOR_DATE and walks forward and
 * backward from there. Daily log-returns load on shared factors (the US market, the GICS sector, rates,
 * international, crypto, ...) plus an idiosyncratic part, scaled so that the annualised volatility matches
 * the entry's `annualVolatility`; beta and correlation between simulated symbols therefore mean something.
 * `^VIX` and stablecoins follow a mean-reverting (AR(1) in log) level instead of a walk.
 *
 * No I/O, no clock, no Math.random: the same symbol and date give the same price in every process.
 * Stocks, ETFs, funds and indices move on US trading days only (the NYSE calendar of src/domain/calendar),
 * crypto every day. `model.ts` holds the model of one symbol, `random.ts` the seeded draws.
 */
import {
  MS_PER_DAY,
  SESSION_OPEN_MINUTE,
  fromDayNumber,
  isTradingDayNumber,
  lastCompletedTradingDay,
  newYorkClock,
  newYorkInstant,
  sessionCloseMinute,
  toDayNumber,
} from '../calendar';
import type { SecurityMasterEntry } from '../security-master';
import { modelOf, type Factor, type Model } from './model';
import {
  STREAM_BAR,
  STREAM_INTRADAY,
  STREAM_RETURN,
  hashString,
  nextNormal,
  nextUniform,
  normalAt,
  seedRandom,
} from './random';

/** Read by the market-data service from here. */

/** The walk passes through each entry's basePrice at this session's close. */
export const SIMULATION_ANCHOR_DATE = '2025-11-21';
/** The simulated window; requests outside it are clamped to it. */
export const SIMULATION_FIRST_DATE = '2015-01-01';
export const SIMULATION_LAST_DATE = '2035-12-31';

const FIRST_DAY = toDayNumber(SIMULATION_FIRST_DATE);
const LAST_DAY = toDayNumber(SIMULATION_LAST_DATE);
const ANCHOR_DAY = toDayNumber(SIMULATION_ANCHOR_DATE);
const DAY_COUNT = LAST_DAY - FIRST_DAY + 1;

const windowDates: (string | undefined)[] = new Array<string | undefined>(DAY_COUNT);

/** The date string of a day of the window, formatted once per process. */
function windowDate(index: number): string {
  return (windowDates[index] ??= fromDayNumber(FIRST_DAY + index));
}

const factorCache = new Map<Factor, Float64Array>();

/** One standard normal per calendar day of the window, shared by every symbol loading on the factor. */
function factorShocks(factor: Factor): Float64Array {
  const cached = factorCache.get(factor);
  if (cached) return cached;
  const seed = hashString(`\u0000factor:${factor}`);
  const shocks = new Float64Array(DAY_COUNT);
  for (let i = 0; i < DAY_COUNT; i++) shocks[i] = normalAt(seed, FIRST_DAY + i, STREAM_RETURN);
  factorCache.set(factor, shocks);
  return shocks;
}

interface Path {
  entry: SecurityMasterEntry;
  model: Model;
  seed: number;
  /** Log close per calendar day of the window; a day without a session carries the last close. */
  logClose: Float64Array;
  /** Whether each calendar day of the window has a session (a bar). */
  isSession: Uint8Array;
  /** The computed part of `logClose` (inclusive indices); walks grow it on demand from the anchor. */
  lo: number;
  hi: number;
  /** A walk's log-return on day `i` (0 without a session). */
  step?: (i: number) => number;
}

/** Days computed beyond a request's start: enough to find the previous session behind any holiday run. */
const LOOKBACK_MARGIN = 10;

let tradingDayFlags: Uint8Array | undefined;

function sessionFlags(everyDay: boolean): Uint8Array {
  if (everyDay) return new Uint8Array(DAY_COUNT).fill(1);
  if (!tradingDayFlags) {
    tradingDayFlags = new Uint8Array(DAY_COUNT);
    for (let i = 0; i < DAY_COUNT; i++) tradingDayFlags[i] = isTradingDayNumber(FIRST_DAY + i) ? 1 : 0;
  }
  return tradingDayFlags;
}

const pathCache = new Map<string, Path>();

/**
 * The closes of one symbol, cached per process. A walk is computed outward from the anchor only as far as
 * requests reach (each new day costs a few draws), so five years of 50 symbols take milliseconds; the
 * mean-reverting and constant models are computed over the whole window at once.
 */
function pathOf(entry: SecurityMasterEntry, fromIndex: number, toIndex: number): Path {
  const cached = pathCache.get(entry.symbol);
  const path = cached && cached.entry === entry ? cached : buildPath(entry);
  if (path !== cached) pathCache.set(entry.symbol, path);
  const step = path.step;
  if (step) {
    const { logClose } = path;
    const from = clampIndex(fromIndex - LOOKBACK_MARGIN);
    const to = clampIndex(toIndex);
    for (let i = path.hi + 1; i <= to; i++) logClose[i] = (logClose[i - 1] ?? 0) + step(i);
    for (let i = path.lo - 1; i >= from; i--) logClose[i] = (logClose[i + 1] ?? 0) - step(i + 1);
    path.hi = Math.max(path.hi, to);
    path.lo = Math.min(path.lo, from);
  }
  return path;
}

function buildPath(entry: SecurityMasterEntry): Path {
  const model = modelOf(entry);
  const seed = hashString(entry.symbol);
  const isSession = sessionFlags(model.everyDay);
  const logClose = new Float64Array(DAY_COUNT);
  const anchorIndex = ANCHOR_DAY - FIRST_DAY;
  const base = Math.log(entry.basePrice);
  const whole = { entry, model, seed, logClose, isSession, lo: 0, hi: DAY_COUNT - 1 };

  if (model.kind === 'constant') {
    logClose.fill(base);
    return whole;
  }
  const factors = model.loadings.map(([factor, weight]) => ({ shocks: factorShocks(factor), weight }));
  const shock = (i: number) => {
    let z = model.idiosyncratic * normalAt(seed, FIRST_DAY + i, STREAM_RETURN);
    for (let f = 0; f < factors.length; f++) {
      const factor = factors[f];
      if (factor) z += factor.weight * (factor.shocks[i] ?? 0);
    }
    return z;
  };
  if (model.kind === 'walk') {
    logClose[anchorIndex] = base;
    const step = (i: number) => (isSession[i] ? model.drift + model.sigma * shock(i) : 0);
    return { ...whole, lo: anchorIndex, hi: anchorIndex, step };
  }
  // AR(1) in log around log(basePrice), started at the mean on the window's first day, then shifted by a
  // correction that decays by phi per session away from the anchor, so the anchor holds exactly.
  let level = base;
  for (let i = 0; i < DAY_COUNT; i++) {
    if (isSession[i]) level = base + model.phi * (level - base) + model.sigma * shock(i);
    logClose[i] = level;
  }
  const offset = base - (logClose[anchorIndex] ?? base);
  let correction = offset;
  for (let i = anchorIndex; i < DAY_COUNT; i++) {
    if (i > anchorIndex && isSession[i]) correction *= model.phi;
    logClose[i] = (logClose[i] ?? base) + correction;
  }
  correction = offset;
  for (let i = anchorIndex - 1; i >= 0; i--) {
    if (isSession[i + 1]) correction *= model.phi;
    logClose[i] = (logClose[i] ?? base) + correction;
  }
  return whole;
}

// ---------------------------------------------------------------------------------------------------------
// Bars and quotes.

/** Cents at $1 and above; six significant digits below (SHIB, DOGE). Rounding is monotonic, so OHLC order holds. */
export function roundPrice(price: number): number {
  if (price >= 1) return Math.round(price * 100) / 100;
  return Number(price.toPrecision(6));
}

export interface SimulatedBar {
  /** Session date, YYYY-MM-DD. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

interface RawBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

function clampIndex(index: number): number {
  return Math.min(DAY_COUNT - 1, Math.max(0, index));
}

/** Index of the last session on or before `index`, or -1. */
function sessionAtOrBefore(path: Path, index: number): number {
  for (let i = clampIndex(index); i >= 0; i--) if (path.isSession[i]) return i;
  return -1;
}

function rawBar(path: Path, index: number): RawBar {
  const { model, logClose } = path;
  const close = logClose[index] ?? 0;
  const previous = index > 0 ? (logClose[index - 1] ?? close) : close;
  const move = close - previous;
  seedRandom(path.seed, FIRST_DAY + index, STREAM_BAR);
  const gap = nextNormal();
  const up = Math.abs(nextNormal());
  const down = Math.abs(nextNormal());
  const activity = nextNormal();
  const sigma = model.kind === 'constant' ? 0 : model.sigma;
  // Part of the day's move happens overnight; the rest between the open and the close.
  const open = previous + 0.3 * move + 0.2 * sigma * gap;
  const high = Math.max(open, close) + 0.45 * sigma * up;
  const low = Math.min(open, close) - 0.45 * sigma * down;
  const surprise = sigma > 0 ? Math.min(4, Math.abs(move) / sigma) : 0;
  const dollars = model.dollarVolume * Math.exp(0.3 * activity) * (1 + 0.35 * surprise);
  const closePrice = Math.exp(close);
  return {
    open: Math.exp(open),
    high: Math.exp(high),
    low: Math.exp(low),
    close: closePrice,
    volume: Math.max(1, Math.round(dollars / closePrice)),
  };
}

function roundBar(date: string, bar: RawBar): SimulatedBar {
  return {
    date,
    open: roundPrice(bar.open),
    high: roundPrice(bar.high),
    low: roundPrice(bar.low),
    close: roundPrice(bar.close),
    volume: bar.volume,
  };
}

/**
 * Daily bars for each session from `from` to `to` (YYYY-MM-DD, inclusive), oldest first: US trading days
 * for stocks, ETFs, funds and indices, every calendar day for crypto. Clamped to the simulated window.
 */
export function simulateDailyBars(entry: SecurityMasterEntry, from: string, to: string): SimulatedBar[] {
  const first = Math.max(1, toDayNumber(from) - FIRST_DAY);
  const last = Math.min(DAY_COUNT - 1, toDayNumber(to) - FIRST_DAY);
  if (first > last) return [];
  const path = pathOf(entry, first, last);
  const bars: SimulatedBar[] = [];
  for (let i = first; i <= last; i++) {
    if (path.isSession[i]) bars.push(roundBar(windowDate(i), rawBar(path, i)));
  }
  return bars;
}

/** The simulated close of the last session on or before `date`. */
export function simulateClose(entry: SecurityMasterEntry, date: string): number {
  const dayIndex = clampIndex(toDayNumber(date) - FIRST_DAY);
  const path = pathOf(entry, dayIndex, dayIndex);
  const index = sessionAtOrBefore(path, dayIndex);
  return roundPrice(Math.exp(path.logClose[Math.max(0, index)] ?? 0));
}

export interface SimulatedQuote {
  symbol: string;
  price: number;
  previousClose: number;
  change: number;
  changePercent: number;
  /** The session the price belongs to (YYYY-MM-DD). */
  sessionDate: string;
  /** Whether the price is moving at `now` (a session in progress). */
  isLive: boolean;
  /** ISO 8601: `now` during a session, else the close of the last session. */
  asOf: string;
}

/** Mutual and money-market funds price once a day at the close (five-letter tickers ending in X). */
function pricesOncePerDay(entry: SecurityMasterEntry): boolean {
  return entry.assetClass !== 'etf' && entry.assetClass !== 'stock' && /^[A-Z]{4}X$/.test(entry.symbol);
}

/** A smooth, deterministic wiggle that is 0 at the open and at the close (0 <= f <= 1). */
function intradayWiggle(path: Path, index: number, fraction: number): number {
  seedRandom(path.seed, FIRST_DAY + index, STREAM_INTRADAY);
  let sum = 0;
  for (const frequency of [3, 7, 13]) {
    const amplitude = nextNormal() / frequency;
    const phase = 2 * Math.PI * nextUniform();
    sum += amplitude * Math.sin(2 * Math.PI * frequency * fraction + phase);
  }
  return 0.5 * path.model.sigma * Math.sin(Math.PI * fraction) * sum;
}

function priceQuote(
  path: Path,
  index: number,
  price: number,
  isLive: boolean,
  asOfMs: number,
): SimulatedQuote {
  const previousIndex = sessionAtOrBefore(path, index - 1);
  const previousClose = roundPrice(Math.exp(path.logClose[Math.max(0, previousIndex)] ?? 0));
  const rounded = roundPrice(price);
  const change = rounded - previousClose;
  const decimals = rounded >= 1 ? 2 : 8;
  return {
    symbol: path.entry.symbol,
    price: rounded,
    previousClose,
    change: Number(change.toFixed(decimals)),
    changePercent: previousClose > 0 ? Number(((change / previousClose) * 100).toFixed(4)) : 0,
    sessionDate: fromDayNumber(FIRST_DAY + index),
    isLive,
    asOf: new Date(asOfMs).toISOString(),
  };
}

/**
 * The simulated price at an instant. During a session it moves from the session's open towards its close
 * along a deterministic path (the same instant always gives the same price, within the day's high and low);
 * outside sessions it is the last close. Stocks follow the NYSE session in New York time (09:30-16:00,
 * 13:00 on half days); mutual funds only change at the close; crypto trades around the clock by UTC day.
 */
export function simulateQuote(entry: SecurityMasterEntry, now: Date): SimulatedQuote {
  const nowMs = Math.min(
    Math.max(now.getTime(), (FIRST_DAY + LOOKBACK_MARGIN) * MS_PER_DAY),
    (LAST_DAY + 1) * MS_PER_DAY - 1,
  );
  const today = clampIndex(Math.floor(nowMs / MS_PER_DAY) - FIRST_DAY);
  const path = pathOf(entry, today - 1, today);

  if (path.model.everyDay) {
    const day = Math.floor(nowMs / MS_PER_DAY);
    const index = day - FIRST_DAY;
    const fraction = (nowMs - day * MS_PER_DAY) / MS_PER_DAY;
    return priceQuote(path, index, livePrice(path, index, fraction), true, nowMs);
  }

  const clock = newYorkClock(nowMs);
  const index = clock.day - FIRST_DAY;
  const closeMinute = sessionCloseMinute(clock.day);
  if (path.isSession[index] && clock.minute >= SESSION_OPEN_MINUTE && !pricesOncePerDay(entry)) {
    if (clock.minute < closeMinute) {
      const fraction = (clock.minute - SESSION_OPEN_MINUTE) / (closeMinute - SESSION_OPEN_MINUTE);
      return priceQuote(path, index, livePrice(path, index, fraction), true, nowMs);
    }
  }
  // Outside a session: the last completed session's close.
  const todayClosed = path.isSession[index] && clock.minute >= closeMinute;
  const sessionIndex = todayClosed ? index : sessionAtOrBefore(path, index - 1);
  const sessionDay = FIRST_DAY + sessionIndex;
  const closeMs = newYorkInstant(sessionDay, sessionCloseMinute(sessionDay));
  return priceQuote(path, sessionIndex, Math.exp(path.logClose[sessionIndex] ?? 0), false, closeMs);
}

function livePrice(path: Path, index: number, fraction: number): number {
  const bar = rawBar(path, index);
  const logOpen = Math.log(bar.open);
  const logPrice =
    logOpen + fraction * (Math.log(bar.close) - logOpen) + intradayWiggle(path, index, fraction);
  return Math.min(bar.high, Math.max(bar.low, Math.exp(logPrice)));
}

/** The last completed session of a symbol at `now`: US sessions for stocks, the previous UTC day for crypto. */
export function lastCompletedSession(entry: SecurityMasterEntry, now: Date): string {
  if (entry.assetClass === 'crypto') return fromDayNumber(Math.floor(now.getTime() / MS_PER_DAY) - 1);
  return lastCompletedTradingDay(now);
}
