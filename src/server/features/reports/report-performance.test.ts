/**
 * The report's performance page (issue 28 item 7, decision 042): the returns of a small history priced by a scripted
 * vendor, each figure worked by hand below and the same as GET /api/performance's; a client portfolio's page in the
 * person's base currency with simulated rates said; and the sentence that takes the page's place without a history.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAnalyzeResponse } from '../../../contracts/analysis';
import {
  PERFORMANCE_MESSAGES,
  ZPerformanceResponse,
  type PerformanceResponse,
} from '../../../contracts/performance';
import {
  MWR_EXPLANATION,
  SIMULATED_SOURCES_NOTE,
  TWR_EXPLANATION,
  formatDay,
  formatMoney,
  formatReturn,
} from '../../../contracts/performance-text';
import { addDays, toDayNumber } from '../../../domain/calendar';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { createFakeAdapter, fakeBars, fakeQuote } from '../../providers/market-data/testing/fake-adapter';
import type { DailyBar } from '../../providers/market-data/types';
import { inspectPdf } from '../../testing/pdf-inspect';
import { pdfInfo, pdfToText, qpdfCheck } from '../../testing/pdf-tools';
import { testConfig } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { injectAs, signUpUser, type TestUser } from '../../testing/users';
import { createMarketDataService } from '../market-data/service';

/** Friday 2024-06-28 after New York's close: today's session is complete. */
const NOW = new Date('2024-06-28T22:00:00Z');

/** Each symbol's close from a day on (the latest step on or before a day is its close). */
const STEPS: Record<'MSFT' | 'SPY', readonly (readonly [string, number])[]> = {
  MSFT: [
    ['2024-06-01', 240],
    ['2024-01-01', 200],
    ['2023-07-01', 150],
    ['2023-04-01', 120],
    ['2022-01-01', 100],
  ],
  SPY: [
    ['2024-06-01', 500],
    ['2024-01-01', 480],
    ['2023-07-01', 440],
    ['2023-04-01', 410],
    ['2022-01-01', 400],
  ],
};
/** Three weekdays the vendor has no MSFT close for: valued at the last one, and said so. */
const MSFT_GAP = { from: '2024-04-10', to: '2024-04-12' };

const closeOf = (symbol: 'MSFT' | 'SPY', date: string) =>
  STEPS[symbol].find(([from]) => date >= from)?.[1] ?? Number.NaN;

const yahoo = createFakeAdapter('yahoo');
yahoo.onHistory = async (symbol, from, to) => {
  if (symbol !== 'MSFT' && symbol !== 'SPY') return fakeBars(symbol, from, to);
  const bars: DailyBar[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = (toDayNumber(date) + 4) % 7; // day 0 (1970-01-01) was a Thursday: 0 is Sunday
    const inGap = symbol === 'MSFT' && date >= MSFT_GAP.from && date <= MSFT_GAP.to;
    if (weekday === 0 || weekday === 6 || inGap) continue;
    const close = closeOf(symbol, date);
    bars.push({ date, open: close, high: close, low: close, close, volume: 1000 });
  }
  return bars;
};
yahoo.onQuote = async (symbol) =>
  fakeQuote('yahoo', symbol, symbol === 'MSFT' || symbol === 'SPY' ? closeOf(symbol, '2024-06-28') : 50);

let app: FastifyInstance;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ MARKET_DATA_PROVIDER: 'auto' });
  const marketData = createMarketDataService({ config, db: database.db, adapters: [yahoo], now: () => NOW });
  app = await buildApp({
    config,
    database,
    version: 'test',
    overrides: { marketData, activities: { now: () => NOW }, analysis: { now: () => NOW } },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function call(who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await injectAs(who, app, { method, url, payload });
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(300);
  return res;
}

/**
 * The history: 10 MSFT bought at 100 on 2023-01-03 and 10 more at 200 on 2024-03-01, a dividend of 25 paid out on
 * 2024-05-15 (no cash recorded: the buys are flows in, the dividend a flow out).
 */
async function recordHistory(who: TestUser, portfolio: string) {
  for (const activity of [
    { type: 'buy', symbol: 'MSFT', quantity: 10, price: 100, date: '2023-01-03' },
    { type: 'buy', symbol: 'MSFT', quantity: 10, price: 200, date: '2024-03-01' },
    { type: 'dividend', symbol: 'MSFT', amount: 25, date: '2024-05-15' },
  ]) {
    await call(who, 'POST', '/api/activities', { portfolio, currency: 'USD', ...activity });
  }
}

/**
 * The report and its text from the performance page's heading to the next section's (Allocation), one drawn text
 * per line, the pages' footers left out.
 */
async function report(who: TestUser, query = '') {
  const res = await call(who, 'GET', `/api/reports/portfolio.pdf${query}`);
  const lines = inspectPdf(res.rawPayload).pages.flatMap((page) => {
    const pageLines = page.split('\n');
    return pageLines.slice(
      0,
      pageLines.findIndex((line) => line.includes(' • Generated ')),
    );
  });
  return {
    bytes: res.rawPayload,
    all: lines,
    lines: lines.slice(lines.indexOf('Performance'), lines.indexOf('Allocation')),
  };
}

/** The lines from `first` up to `next` (to the end without one); throws when `first` is not there. */
function between(lines: readonly string[], first: string, next?: string): string[] {
  const start = lines.indexOf(first);
  if (start < 0) throw new Error(`No line ${first}`);
  return lines.slice(start, next === undefined ? undefined : lines.indexOf(next, start));
}

/** Wrapped lines read as one text. */
const asRead = (lines: readonly string[]) => lines.join(' ').replace(/\s+/g, ' ');

async function performance(who: TestUser, query: string): Promise<PerformanceResponse> {
  const res = await call(who, 'GET', `/api/performance?${query}`);
  return ZPerformanceResponse.parse(res.json());
}

/**
 * An independent money-weighted return: the growth g over the days from the first flow to `end` that makes
 * Σ amount × (1 + g)^−t zero, t each flow's share of those days (docs/performance.md), by bisection.
 */
function moneyWeighted(flows: readonly (readonly [string, number])[], end: string) {
  const first = toDayNumber(flows[0]?.[0] ?? end);
  const days = toDayNumber(end) - first;
  const npv = (g: number) =>
    flows.reduce((sum, [date, amount]) => sum + amount * (1 + g) ** -((toDayNumber(date) - first) / days), 0);
  let [low, high] = [-0.99, 20];
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (npv(low) * npv(middle) <= 0) high = middle;
    else low = middle;
  }
  const growth = (low + high) / 2;
  return { growth, yearly: (1 + growth) ** (365 / days) - 1 };
}

/** The returns table as GET /api/performance answers the same periods (the page's columns: YTD, 1Y, Max). */
function tableOf(answers: readonly PerformanceResponse[]): string[][] {
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : formatReturn(value);
  const benchmark = (a: PerformanceResponse) => (a.benchmark?.available ? a.benchmark : null);
  const rows: [string, (a: PerformanceResponse) => string][] = [
    ['From the close of', (a) => formatDay(a.period.start)],
    ['Time-weighted', (a) => formatReturn(a.twr)],
    ['Time-weighted, a year', (a) => percent(a.twrAnnualized)],
    ['Money-weighted', (a) => percent(a.mwr)],
    ['Money-weighted, a year', (a) => percent(a.mwrAnnualized)],
    ['SPY, time-weighted', (a) => percent(benchmark(a)?.twr)],
    ['SPY, time-weighted, a year', (a) => percent(benchmark(a)?.twrAnnualized)],
    ['Your flows in SPY, money-weighted', (a) => percent(benchmark(a)?.mwr)],
    ['Your flows in SPY, money-weighted, a year', (a) => percent(benchmark(a)?.mwrAnnualized)],
  ];
  return [['Return', 'YTD', '1Y', 'Max'], ...rows.map(([label, cell]) => [label, ...answers.map(cell)])];
}

/** The flows of each period: its start value in, the buy of 2024-03-01 in, the dividend out, its end value out. */
const FLOWS = {
  YTD: [
    ['2023-12-31', -1500],
    ['2024-03-01', -2000],
    ['2024-05-15', 25],
    ['2024-06-28', 4800],
  ],
  '1Y': [
    ['2023-06-28', -1200],
    ['2024-03-01', -2000],
    ['2024-05-15', 25],
    ['2024-06-28', 4800],
  ],
  MAX: [
    ['2023-01-03', -1000],
    ['2024-03-01', -2000],
    ['2024-05-15', 25],
    ['2024-06-28', 4800],
  ],
} as const;

describe("the report's performance page", () => {
  it('gives the returns of a small history exactly, as GET /api/performance answers them, beside SPY', async () => {
    const user = await signUpUser(app, { plan: 'professional' });
    await recordHistory(user, 'me');
    const { bytes, lines: page } = await report(user);
    expect(page.slice(0, 6)).toEqual([
      'Performance',
      "The returns of this portfolio's recorded transactions, in USD, beside SPY.",
      '•',
      TWR_EXPLANATION,
      '•',
      MWR_EXPLANATION,
    ]);

    // Worked by hand. The time-weighted index is the price's (100 -> 120 -> 150 -> 200 -> 240: each buy is made
    // at the day's close), times 4,025 / 4,000 on the day the dividend of 25 leaves: 2.4 × 1.00625 = 2.415 over
    // Max; YTD starts at 150 (index 1.5), 1Y at 120 (1.2). SPY: 400, 410 from April 2023, 440 from July, 480 in
    // 2024, 500 from June. 1Y is 366 days and Max 543 (both over a year: yearly rates); the money-weighted
    // yearly rate counts from the first money in (Max: 542 days).
    const mwr = {
      YTD: moneyWeighted(FLOWS.YTD, '2024-06-28'),
      '1Y': moneyWeighted(FLOWS['1Y'], '2024-06-28'),
      MAX: moneyWeighted(FLOWS.MAX, '2024-06-28'),
    };
    const table = [
      ['Return', 'YTD', '1Y', 'Max'],
      ['From the close of', 'Dec 31, 2023', 'Jun 28, 2023', 'Jan 2, 2023'],
      ['Time-weighted', '+61.00%', '+101.25%', '+141.50%'],
      ['Time-weighted, a year', '—', '+100.87%', '+80.88%'],
      ['Money-weighted', '+48.59%', '+95.13%', '+140.24%'],
      ['Money-weighted, a year', '—', '+94.77%', '+80.44%'],
      ['SPY, time-weighted', '+13.64%', '+21.95%', '+25.00%'],
      ['SPY, time-weighted, a year', '—', '+21.89%', '+16.18%'],
      ['Your flows in SPY, money-weighted', '+10.26%', '+19.10%', '+23.71%'],
      ['Your flows in SPY, money-weighted, a year', '—', '+19.05%', '+15.41%'],
    ];
    expect(page.slice(6, 6 + table.flat().length)).toEqual(table.flat());
    expect([2.415 / 1.5 - 1, 2.415 / 1.2 - 1, 1.415].map(formatReturn)).toEqual([
      '+61.00%',
      '+101.25%',
      '+141.50%',
    ]);
    expect([(2.415 / 1.2) ** (365 / 366) - 1, 2.415 ** (365 / 543) - 1].map(formatReturn)).toEqual([
      '+100.87%',
      '+80.88%',
    ]);
    expect([mwr.YTD.growth, mwr['1Y'].growth, mwr.MAX.growth].map(formatReturn)).toEqual([
      '+48.59%',
      '+95.13%',
      '+140.24%',
    ]);
    expect([mwr['1Y'].yearly, mwr.MAX.yearly].map(formatReturn)).toEqual(['+94.77%', '+80.44%']);
    expect([500 / 440 - 1, 500 / 410 - 1, 500 / 400 - 1].map(formatReturn)).toEqual([
      '+13.64%',
      '+21.95%',
      '+25.00%',
    ]);
    // The same code as the Performance view's: GET /api/performance over each period.
    const answers = [
      await performance(user, 'range=YTD'),
      await performance(user, 'range=1Y'),
      await performance(user, 'range=MAX'),
    ];
    expect(tableOf(answers)).toEqual(table);

    const rest = page.slice(6 + table.flat().length);
    expect(rest.slice(0, 4)).toEqual([
      'A year: the yearly rate of a period longer than a year (— for a shorter one).',
      'SPY: SPY over the same days, time-weighted; your flows in SPY: your deposits and withdrawals in SPY, money-',
      'weighted.',
      '3Y and 5Y are not shown: they start before the first activity (Jan 3, 2023), so their returns are those of Max.',
    ]);
    // Max's change in value: 2,975 in (1,000 + 2,000 − 25), 1,800 of price (20 × 240 − 1,000 − 2,000), 25 of dividend.
    const chartTitle = 'Value and net invested, since the first activity';
    expect(between(page, 'What changed the value, Max', chartTitle)).toEqual(
      [
        ['What changed the value, Max'],
        ['From the close of Jan 2, 2023 to the close of Jun 28, 2024, in USD.'],
        ['Part', 'What it is', 'Amount (USD)'],
        ['Value at the close of Jan 2, 2023', '$0.00'],
        ['Money in less money out', 'what you put in, less what you took out', '+$2,975.00'],
        ['Price', 'prices of what you held went up or down', '+$1,800.00'],
        ['Dividends', 'paid by what you held', '+$25.00'],
        ['Interest', 'on cash and bonds', '$0.00'],
        ['Fees', 'of trades and of the account', '$0.00'],
        ['Taxes', 'withheld or paid', '$0.00'],
        ['Currency', 'exchange rates against your base currency', '$0.00'],
        ['Value at the close of Jun 28, 2024', '$4,800.00'],
        ['Gains on your holdings, after the fees of their trades'],
        ['Part', 'What it is', 'Amount (USD)'],
        ['Realized', 'on what was sold', '$0.00'],
        ['Unrealized', 'on what is still held', '+$1,800.00'],
      ].flat(),
    );
    expect(answers[2]).toMatchObject({ startValue: 0, endValue: 4800, netFlows: 2975 });

    expect(between(page, chartTitle)).toEqual([
      'Value and net invested, since the first activity',
      'Value',
      'Net invested',
      '$4,800.00',
      '$0.00',
      'Jan 2, 2023',
      'Jun 28, 2024',
      'Value from $0.00 on Jan 2, 2023 to $4,800.00 on Jun 28, 2024; net invested from $0.00 to $2,975.00.',
      'Time-weighted return +141.50% over the period, against +25.00% for SPY.',
      'About these figures',
      'Days valued without a price of their own:',
      '•',
      'MSFT: last close carried forward, 2024-04-10 to 2024-04-12',
      'Sources:',
      '•',
      'Prices: Yahoo Finance (MSFT, SPY)',
      'Figures as of Jun 28, 2024.',
    ]);
    // The chart is a figure whose alternative text gives its figures; the page stays tagged and sound.
    expect(bytes.toString('latin1')).toContain(
      '/Alt (Line chart of the value and the net invested, day by day, in USD. Value from $0.00 on Jan 2, 2023 to $4,800.00 on Jun 28, 2024; net invested from $0.00 to $2,975.00.)',
    );
    expect((await pdfToText(bytes)).warnings).toBe('');
    expect((await pdfInfo(bytes)).fields.Tagged).toBe('yes');
    const check = await qpdfCheck(bytes);
    expect(check.code, check.output).toBe(0);
  });

  it("gives a client portfolio's returns in the person's base currency, and says its rates are simulated", async () => {
    const user = await signUpUser(app, { plan: 'professional' });
    await call(user, 'PUT', '/api/performance/base-currency', { currency: 'EUR' });
    const created = await call(user, 'POST', '/api/clients', { name: 'The Okafor Trust' });
    const clientId = created.json<{ client: { id: string } }>().client.id;
    await recordHistory(user, `client:${clientId}`);
    const { lines: page } = await report(user, `?clientId=${clientId}`);
    expect(asRead(page.slice(1, 3))).toBe(
      "The returns of this portfolio's recorded transactions, in EUR (the base currency of its returns; the other pages are in US dollars), beside SPY.",
    );
    // No vendor here gives FX history: the simulator's 1.15 USD per EUR, held flat, so the returns are the dollar
    // ones and every amount is the dollar one / 1.15.
    expect(page.slice(page.indexOf('Time-weighted'), page.indexOf('Time-weighted') + 4)).toEqual([
      'Time-weighted',
      '+61.00%',
      '+101.25%',
      '+141.50%',
    ]);
    const max = await performance(user, `portfolio=client:${clientId}&range=MAX`);
    expect(max).toMatchObject({ currency: 'EUR', endValue: Math.round((4800 / 1.15) * 100) / 100 });
    const change = between(page, 'What changed the value, Max');
    expect(change).toContain('Amount (EUR)');
    expect(change).toContain('€4,173.91');
    expect(change).toContain(formatMoney(max.endValue, 'EUR'));
    const notes = between(page, 'Sources:');
    expect(notes.slice(0, 5)).toEqual([
      'Sources:',
      '•',
      'Prices: Yahoo Finance (MSFT, SPY)',
      '•',
      'Exchange rates: Simulated (USD)',
    ]);
    // The note wraps: its lines read as one.
    expect(asRead(notes.slice(5))).toBe(`${SIMULATED_SOURCES_NOTE} Figures as of Jun 28, 2024.`);
  });

  it("states the history's returns in its analysis, as the analyzer does for the same holdings", async () => {
    const user = await signUpUser(app, { plan: 'professional' });
    await recordHistory(user, 'me');
    const analyzed = await call(user, 'POST', '/api/analyze', {
      portfolio: { MSFT: 20 },
      portfolioKey: 'me',
    });
    expect(analyzed.statusCode, analyzed.body).toBe(200);
    const returns = ZAnalyzeResponse.parse(analyzed.json()).analysis.overviewText.split('\n\n')[1] ?? '';
    expect(returns).toMatch(
      /^Over the last year \(2023-06-28 to 2024-06-28\) the portfolio returned 101\.25%/,
    );
    expect(asRead((await report(user)).all)).toContain(returns);
  });

  it("says 'Add your transactions or import a file to see returns' in its place without a history", async () => {
    const user = await signUpUser(app, { plan: 'professional' });
    await call(user, 'PUT', '/api/portfolio', { portfolio: { MSFT: 2 } });
    const saved = await report(user);
    expect(saved.lines).toEqual(['Performance', PERFORMANCE_MESSAGES.noHistory]);

    // A client's report reads the client's history, not the saved portfolio's.
    await recordHistory(user, 'me');
    const created = await call(user, 'POST', '/api/clients', {
      name: 'Holdings only',
      holdings: { MSFT: 3 },
    });
    const clientId = created.json<{ client: { id: string } }>().client.id;
    const client = await report(user, `?clientId=${clientId}`);
    expect(client.lines).toEqual(['Performance', PERFORMANCE_MESSAGES.noHistory]);
    expect((await report(user)).lines[3]).toBe(TWR_EXPLANATION);
  });
});
