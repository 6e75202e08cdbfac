// Terminal figure (#16): the Professional plan's advanced analytics of a 100-holding portfolio, five years of
// daily closes per holding and SPY (what GET /api/terminal/advanced-analytics computes once the closes are
// read: alignment, portfolio value, the 25 × 25 correlation matrix, rolling 60-day volatility and beta,
// drawdown and the stress windows). The closes are the simulator's, built in memory; the database read of a
// batch of histories is the market-data bench's figure. Prints figures; asserts nothing.
// `npx tsx bench/terminal.bench.ts`
import { performance } from 'node:perf_hooks';
import { simulateDailyBars } from '../src/domain/market-simulator';
import { findSecurity, securityMaster } from '../src/domain/security-master';
import { computeTerminalAdvancedAnalytics } from '../src/server/features/terminal/service';
import type { CloseHistoryResult } from '../src/server/features/market-data/service';
import { utcDateOf } from '../src/domain/calendar';

const HOLDINGS = 100;
const RUNS = 30;

const day = (date: Date) => utcDateOf(date);
const to = new Date();
const from = new Date(to);
from.setUTCFullYear(to.getUTCFullYear() - 5);

const investable = securityMaster.filter((e) => !e.isIndex && e.currency === undefined).slice(0, HOLDINGS);
const quantities = Object.fromEntries(investable.map((e, i) => [e.symbol, 1 + (i % 5)]));
const histories: Record<string, CloseHistoryResult> = {};
for (const entry of [...investable, findSecurity('SPY')]) {
  if (!entry) continue;
  histories[entry.symbol] = {
    symbol: entry.symbol,
    source: 'simulated',
    closes: simulateDailyBars(entry, day(from), day(to)).map(({ date, close }) => ({ date, close })),
  };
}

const timings: number[] = [];
let result = computeTerminalAdvancedAnalytics(quantities, histories);
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  result = computeTerminalAdvancedAnalytics(quantities, histories);
  timings.push(performance.now() - start);
}
timings.sort((a, b) => a - b);
const bars = Object.values(histories).reduce((sum, h) => sum + h.closes.length, 0);
console.log(
  `advanced analytics, ${Object.keys(quantities).length} holdings, ${bars} closes ` +
    `(${result.observations} daily returns, ${result.correlation.symbols.length}² correlations): ` +
    `median ${timings[Math.floor(RUNS / 2)]?.toFixed(1)} ms, max ${timings.at(-1)?.toFixed(1)} ms over ${RUNS} runs`,
);
