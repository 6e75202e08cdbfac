import { describe, expect, it } from 'vitest';
import { isTradingDay } from '../calendar';
import {
  SIMULATION_ANCHOR_DATE,
  lastCompletedSession,
  roundPrice,
  simulateClose,
  simulateDailyBars,
  simulateQuote,
  type SimulatedBar,
} from './index';
import { findSecurity, securityMaster, type SecurityMasterEntry } from '../security-master';

function entry(symbol: string): SecurityMasterEntry {
  const found = findSecurity(symbol);
  if (!found) throw new Error(`not in the security master: ${symbol}`);
  return found;
}

function logReturns(bars: SimulatedBar[]): number[] {
  return bars.slice(1).map((bar, i) => Math.log(bar.close / bars[i]!.close));
}

function standardDeviation(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const meanA = a.slice(0, n).reduce((x, y) => x + y, 0) / n;
  const meanB = b.slice(0, n).reduce((x, y) => x + y, 0) / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - meanA) * (b[i]! - meanB);
    varA += (a[i]! - meanA) ** 2;
    varB += (b[i]! - meanB) ** 2;
  }
  return cov / Math.sqrt(varA * varB);
}

describe('simulated daily bars', () => {
  it('are the same numbers on every call (exact vectors)', () => {
    const bars = simulateDailyBars(entry('AAPL'), '2025-11-19', '2025-11-25');
    expect(bars).toEqual(simulateDailyBars(entry('AAPL'), '2025-11-19', '2025-11-25'));
    expect(bars.map((b) => b.date)).toEqual([
      '2025-11-19',
      '2025-11-20',
      '2025-11-21',
      '2025-11-24',
      '2025-11-25',
    ]);
    expect(bars.map((b) => b.close)).toEqual(AAPL_CLOSES);
    expect(bars[2]).toEqual(AAPL_ANCHOR_BAR);
    expect(simulateDailyBars(entry('CRYPTO:BTC'), '2025-11-21', '2025-11-23').map((b) => b.close)).toEqual(
      BTC_CLOSES,
    );
    expect(simulateClose(entry('SPY'), '2021-11-22')).toBe(SPY_CLOSE_2021_11_22);
    expect(simulateClose(entry('SPY'), '2026-11-20')).toBe(SPY_CLOSE_2026_11_20);
  });

  it('pass through every entry’s base price at the anchor date', () => {
    const misses = securityMaster.filter(
      (security) => simulateClose(security, SIMULATION_ANCHOR_DATE) !== roundPrice(security.basePrice),
    );
    expect(misses).toEqual([]);
  });

  it('give a stock about 250 sessions a year and crypto every calendar day', () => {
    expect(simulateDailyBars(entry('MSFT'), '2025-11-21', '2026-11-20')).toHaveLength(251);
    const stockYear = simulateDailyBars(entry('AAPL'), '2024-11-21', '2025-11-20');
    expect(stockYear.length).toBeGreaterThanOrEqual(240);
    expect(stockYear.length).toBeLessThanOrEqual(260);
    expect(stockYear.every((bar) => isTradingDay(bar.date))).toBe(true);
    expect(simulateDailyBars(entry('CRYPTO:ETH'), '2024-11-21', '2025-11-20')).toHaveLength(365);
    expect(simulateDailyBars(entry('CRYPTO:ETH'), '2023-11-21', '2024-11-20')).toHaveLength(366);
  });

  it('keep OHLC consistent and volume positive for every security of the master', () => {
    const violations: string[] = [];
    for (const security of securityMaster) {
      for (const bar of simulateDailyBars(security, '2025-01-01', '2025-12-31')) {
        const isConsistent =
          bar.low > 0 &&
          bar.low <= Math.min(bar.open, bar.close) &&
          bar.high >= Math.max(bar.open, bar.close) &&
          bar.volume > 0 &&
          Number.isInteger(bar.volume);
        if (!isConsistent) violations.push(`${security.symbol} ${JSON.stringify(bar)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it.each([
    ['AAPL', 252],
    ['NVDA', 252],
    ['SPY', 252],
    ['BND', 252],
    ['XLE', 252],
    ['CRYPTO:BTC', 365],
    ['CRYPTO:SOL', 365],
  ])('%s: realised volatility over 5 years is within 25 %% of the target', (symbol, periods) => {
    const security = entry(symbol);
    const bars = simulateDailyBars(security, '2020-11-21', '2025-11-21');
    const realized = standardDeviation(logReturns(bars)) * Math.sqrt(periods);
    expect(Math.abs(realized / security.annualVolatility - 1)).toBeLessThan(0.25);
  });

  it('move stocks with the market: positive correlation with SPY, crypto with crypto, VIX against SPY', () => {
    const returnsOf = (symbol: string) =>
      logReturns(simulateDailyBars(entry(symbol), '2020-11-23', '2025-11-21'));
    const spy = returnsOf('SPY');
    for (const symbol of ['AAPL', 'JPM', 'XOM', 'JNJ', 'NEE', 'VTI', 'QQQ']) {
      expect(correlation(returnsOf(symbol), spy), symbol).toBeGreaterThan(0.25);
    }
    expect(correlation(returnsOf('VTI'), spy)).toBeGreaterThan(0.9);
    expect(correlation(returnsOf('^VIX'), spy)).toBeLessThan(-0.4);
    expect(Math.abs(correlation(returnsOf('TLT'), spy))).toBeLessThan(0.2);
    const btc = logReturns(simulateDailyBars(entry('CRYPTO:BTC'), '2020-11-21', '2025-11-21'));
    const eth = logReturns(simulateDailyBars(entry('CRYPTO:ETH'), '2020-11-21', '2025-11-21'));
    expect(correlation(btc, eth)).toBeGreaterThan(0.5);
  });

  it('keep ^VIX mean-reverting around its base level, and stablecoins at their peg', () => {
    const vix = simulateDailyBars(entry('^VIX'), '2016-01-01', '2025-11-21').map((bar) => bar.close);
    const mean = vix.reduce((a, b) => a + b, 0) / vix.length;
    expect(mean).toBeGreaterThan(14);
    expect(mean).toBeLessThan(21);
    expect(Math.min(...vix)).toBeGreaterThan(7);
    expect(Math.max(...vix)).toBeLessThan(45);
    const usdt = simulateDailyBars(entry('CRYPTO:USDT'), '2016-01-01', '2035-12-31');
    expect(usdt.every((bar) => bar.low > 0.99 && bar.high < 1.01)).toBe(true);
    const cash = simulateDailyBars(entry('SPAXX'), '2020-01-01', '2025-12-31');
    expect(cash.every((bar) => bar.open === 1 && bar.high === 1 && bar.low === 1 && bar.close === 1)).toBe(
      true,
    );
  });
});

describe('simulated quotes', () => {
  // Monday 2025-11-24, New York is on EST (UTC-5): the session runs 14:30-21:00 UTC.
  const aapl = entry('AAPL');
  const [previousBar, todayBar] = simulateDailyBars(aapl, '2025-11-21', '2025-11-24') as [
    SimulatedBar,
    SimulatedBar,
  ];

  it('are reproducible for a given instant and move during the session', () => {
    const at = new Date('2025-11-24T17:00:00Z');
    expect(simulateQuote(aapl, at)).toEqual(simulateQuote(aapl, new Date(at.getTime())));
    expect(simulateQuote(aapl, at)).toEqual(AAPL_QUOTE_2025_11_24_1700Z);
    const prices = ['15:00', '16:30', '18:00', '19:30', '20:45'].map(
      (time) => simulateQuote(aapl, new Date(`2025-11-24T${time}:00Z`)).price,
    );
    expect(new Set(prices).size).toBeGreaterThan(1);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(todayBar.low);
      expect(price).toBeLessThanOrEqual(todayBar.high);
    }
  });

  it('start at the open and end at the close, against the previous close', () => {
    const atOpen = simulateQuote(aapl, new Date('2025-11-24T14:30:00Z'));
    expect(atOpen).toMatchObject({ price: todayBar.open, previousClose: previousBar.close, isLive: true });
    expect(atOpen.change).toBeCloseTo(todayBar.open - previousBar.close, 8);
    const afterClose = simulateQuote(aapl, new Date('2025-11-24T22:00:00Z'));
    expect(afterClose).toMatchObject({
      price: todayBar.close,
      previousClose: previousBar.close,
      sessionDate: '2025-11-24',
      isLive: false,
      asOf: '2025-11-24T21:00:00.000Z',
    });
  });

  it('outside a session give the last close, timed at that close (DST and half days included)', () => {
    const weekend = simulateQuote(aapl, new Date('2025-11-23T12:00:00Z'));
    expect(weekend).toMatchObject({ price: 278, sessionDate: '2025-11-21', isLive: false });
    expect(weekend.asOf).toBe('2025-11-21T21:00:00.000Z');
    const beforeOpen = simulateQuote(aapl, new Date('2025-11-24T14:00:00Z'));
    expect(beforeOpen).toEqual(weekend);
    expect(simulateQuote(aapl, new Date('2025-07-05T12:00:00Z')).asOf).toBe('2025-07-03T17:00:00.000Z');
    expect(simulateQuote(aapl, new Date('2025-06-14T12:00:00Z')).asOf).toBe('2025-06-13T20:00:00.000Z');
    expect(simulateQuote(aapl, new Date('2025-11-29T12:00:00Z')).asOf).toBe('2025-11-28T18:00:00.000Z');
    expect(lastCompletedSession(aapl, new Date('2025-11-24T20:59:00Z'))).toBe('2025-11-21');
    expect(lastCompletedSession(aapl, new Date('2025-11-24T21:00:00Z'))).toBe('2025-11-24');
  });

  it('price mutual funds once a day and crypto around the clock', () => {
    const fund = simulateQuote(entry('VTSAX'), new Date('2025-11-24T17:00:00Z'));
    expect(fund).toMatchObject({ sessionDate: '2025-11-21', isLive: false, price: 160 });
    const btc = entry('CRYPTO:BTC');
    const saturday = simulateQuote(btc, new Date('2025-11-22T12:00:00Z'));
    expect(saturday).toMatchObject({ sessionDate: '2025-11-22', isLive: true, previousClose: 90000 });
    expect(saturday.asOf).toBe('2025-11-22T12:00:00.000Z');
    expect(simulateQuote(btc, new Date('2025-11-22T12:00:01Z')).price).not.toBe(saturday.price);
  });
});

// Exact vectors: a change here means every stored simulated history and every test expectation of other
// features moves with it. Change them only on purpose.
const AAPL_CLOSES = [281.04, 276.96, 278, 274.96, 282.1];
const AAPL_ANCHOR_BAR = {
  date: '2025-11-21',
  open: 276.22,
  high: 279.27,
  low: 276.16,
  close: 278,
  volume: 4618617,
};
const BTC_CLOSES = [90000, 86175.21, 81100.14];
const SPY_CLOSE_2021_11_22 = 338.11;
const SPY_CLOSE_2026_11_20 = 761.84;
const AAPL_QUOTE_2025_11_24_1700Z = {
  symbol: 'AAPL',
  price: 277.47,
  previousClose: 278,
  change: -0.53,
  changePercent: -0.1906,
  sessionDate: '2025-11-24',
  isLive: true,
  asOf: '2025-11-24T17:00:00.000Z',
};
