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
 * Stocks, ETFs, funds and indices move on US trading days only (the NYSE calendar of ./calendar), crypto every
 * day.
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
} from './calendar';
import type { SecurityMasterEntry } from './security-master';

/** Read by the market-data service from here. */
export { lastCompletedTradingDay } from './calendar';

/** The walk passes through each entry's basePrice at this session's close. */
export const SIMULATION_ANCHOR_DATE = '2025-11-21';
/** The simulated window; requests outside it are clamped to it. */
export const SIMULATION_FIRST_DATE = '2015-01-01';
export const SIMULATION_LAST_DATE = '2035-12-31';

/** Trading days per year used to turn annual volatility into daily steps. */
const EQUITY_STEPS_PER_YEAR = 252;
const CRYPTO_STEPS_PER_YEAR = 365;

const FIRST_DAY = toDayNumber(SIMULATION_FIRST_DATE);
const LAST_DAY = toDayNumber(SIMULATION_LAST_DATE);
const ANCHOR_DAY = toDayNumber(SIMULATION_ANCHOR_DATE);
const DAY_COUNT = LAST_DAY - FIRST_DAY + 1;

const windowDates: (string | undefined)[] = new Array<string | undefined>(DAY_COUNT);

/** The date string of a day of the window, formatted once per process. */
function windowDate(index: number): string {
  return (windowDates[index] ??= fromDayNumber(FIRST_DAY + index));
}

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness: FNV-1a for strings, a murmur-style finaliser to mix (seed, day, stream) into a
// 32-bit state, mulberry32 for the stream, Box-Muller for normals.

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function mix32(value: number): number {
  let t = (value + 0x9e3779b9) | 0;
  t = Math.imul(t ^ (t >>> 16), 0x21f0aaad);
  t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
  return (t ^ (t >>> 15)) >>> 0;
}

/**
 * mulberry32: a small, fast 32-bit PRNG. One module-level state, reseeded for every (seed, day, stream), so
 * drawing allocates nothing; callers draw synchronously right after `seedRandom`.
 */
let randomState = 0;

function seedRandom(seed: number, day: number, stream: number): void {
  randomState = mix32(seed ^ mix32(Math.imul(day, 0x9e3779b1) + stream));
}

/** A uniform in (0, 1), never 0. */
function nextUniform(): number {
  randomState = (randomState + 0x6d2b79f5) | 0;
  let t = Math.imul(randomState ^ (randomState >>> 15), 1 | randomState);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (((t ^ (t >>> 14)) >>> 0) + 0.5) / 4_294_967_296;
}

/** A standard normal (Box-Muller, cosine branch). */
function nextNormal(): number {
  const radius = Math.sqrt(-2 * Math.log(nextUniform()));
  return radius * Math.cos(2 * Math.PI * nextUniform());
}

const STREAM_RETURN = 0;
const STREAM_BAR = 1;
const STREAM_INTRADAY = 2;

function normalAt(seed: number, day: number, stream: number): number {
  seedRandom(seed, day, stream);
  return nextNormal();
}

// ---------------------------------------------------------------------------------------------------------
// The model of one symbol.

type Factor =
  'market' | 'international' | 'emerging' | 'rates' | 'commodities' | 'crypto' | `sector:${string}`;

interface Model {
  kind: 'walk' | 'mean-reverting' | 'constant';
  /** Calendar days (crypto) or US trading days only. */
  everyDay: boolean;
  /** Daily volatility of the log price. */
  sigma: number;
  /** Daily drift of the log price (walks only). */
  drift: number;
  loadings: readonly [Factor, number][];
  /** Weight of the symbol's own noise: sqrt(1 - sum of squared loadings). */
  idiosyncratic: number;
  /** AR(1) coefficient per step (mean-reverting only). */
  phi: number;
  /** Dollar volume of a typical day. */
  dollarVolume: number;
}

const STOCK_MARKET_LOADING: Readonly<Record<string, number>> = {
  'Information Technology': 0.65,
  'Communication Services': 0.6,
  'Consumer Discretionary': 0.6,
  Financials: 0.6,
  Industrials: 0.6,
  Materials: 0.55,
  'Health Care': 0.5,
  'Real Estate': 0.5,
  Energy: 0.45,
  'Consumer Staples': 0.45,
  Utilities: 0.4,
};

const ANNUAL_LOG_DRIFT: Readonly<Record<SecurityMasterEntry['assetClass'], number>> = {
  stock: 0.07,
  etf: 0.06,
  fund: 0.06,
  bond: 0.02,
  crypto: 0.05,
  cash: 0,
};

function factorLoadings(entry: SecurityMasterEntry): [Factor, number][] {
  const { assetClass, sector, region } = entry;
  if (assetClass === 'crypto')
    return [
      ['market', 0.3],
      ['crypto', 0.8],
    ];
  if (assetClass === 'bond')
    return region === 'US'
      ? [
          ['rates', 0.9],
          ['market', 0.05],
        ]
      : [['rates', 0.8]];
  if (assetClass === 'stock')
    return [
      ['market', STOCK_MARKET_LOADING[sector] ?? 0.6],
      [`sector:${sector}`, 0.45],
    ];
  if (sector === 'Commodities')
    return [
      ['commodities', 0.9],
      ['market', 0.1],
    ];
  if (sector === 'Balanced')
    return [
      ['market', 0.9],
      ['rates', 0.2],
    ];
  if (sector === 'Target Date')
    return [
      ['market', 0.85],
      ['international', 0.3],
      ['rates', 0.15],
    ];
  if (region === 'Emerging Markets')
    return [
      ['market', 0.55],
      ['international', 0.4],
      ['emerging', 0.55],
    ];
  if (region === 'International')
    return [
      ['market', 0.7],
      ['international', 0.6],
    ];
  if (sector === 'Real Estate')
    return [
      ['market', 0.5],
      ['sector:Real Estate', 0.7],
    ];
  if (sector === 'Broad Market') return [['market', 0.97]];
  // Sector ETFs (XLK, SMH, XLE, ...).
  return [
    ['market', 0.7],
    [`sector:${sector}`, 0.65],
  ];
}

const DOLLAR_VOLUME_RANGE: Readonly<Record<SecurityMasterEntry['assetClass'], [number, number]>> = {
  stock: [2e8, 8e9],
  etf: [1e8, 2e10],
  fund: [5e6, 2e8],
  bond: [5e7, 2e9],
  crypto: [2e8, 3e10],
  cash: [1e7, 1e9],
};

function modelOf(entry: SecurityMasterEntry): Model {
  const everyDay = entry.assetClass === 'crypto';
  const stepsPerYear = everyDay ? CRYPTO_STEPS_PER_YEAR : EQUITY_STEPS_PER_YEAR;
  const sigma = entry.annualVolatility / Math.sqrt(stepsPerYear);
  const isVolatilityIndex = entry.sector === 'Volatility';
  const isStablecoin = entry.assetClass === 'crypto' && entry.annualVolatility <= 0.02;
  const kind: Model['kind'] =
    entry.annualVolatility <= 0 ? 'constant' : isVolatilityIndex || isStablecoin ? 'mean-reverting' : 'walk';
  const loadings: [Factor, number][] = isVolatilityIndex
    ? [['market', -0.75]]
    : isStablecoin
      ? []
      : factorLoadings(entry);
  const loaded = loadings.reduce((sum, [, weight]) => sum + weight * weight, 0);
  const [low, high] = DOLLAR_VOLUME_RANGE[entry.assetClass];
  const position = mix32(hashString(`volume:${entry.symbol}`)) / 4_294_967_296;
  return {
    kind,
    everyDay,
    sigma,
    drift: ANNUAL_LOG_DRIFT[entry.assetClass] / stepsPerYear,
    loadings,
    idiosyncratic: Math.sqrt(Math.max(0, 1 - loaded)),
    // VIX: half-life of about 23 sessions; stablecoins snap back within a day or two.
    phi: isVolatilityIndex ? 0.97 : 0.5,
    dollarVolume: low * Math.pow(high / low, position),
  };
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

/** Today's date in New York (stocks) or UTC (crypto): the session day an instant belongs to. */
export function sessionDateOf(entry: SecurityMasterEntry, now: Date): string {
  const nowMs = now.getTime();
  if (entry.assetClass === 'crypto') return fromDayNumber(Math.floor(nowMs / MS_PER_DAY));
  return fromDayNumber(newYorkClock(nowMs).day);
}
