import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type RealizedByYearResponse,
} from '../../../../contracts/income';
import {
  PERFORMANCE_MESSAGES,
  ZBaseCurrencyBody,
  type BaseCurrency,
  type PerformanceResponse,
} from '../../../../contracts/performance';
import type { StubReply } from '../../../testing/stub-api';

/** The requests the Performance view of the person's own portfolio makes first, as `stubApi` names them. */
export const PERFORMANCE_ME = 'GET /api/performance?portfolio=me&range=MAX&benchmark=SPY';
export const BASE_CURRENCY = 'GET /api/performance/base-currency';

export const USD_SETTING: StubReply = { status: 200, body: { currency: 'USD' } };

/** The base currency as the server keeps it: USD until a PUT saves another; `saved()` is the one saved now. */
export function savedBaseCurrency() {
  let saved: BaseCurrency = 'USD';
  return {
    saved: () => saved,
    routes: {
      [BASE_CURRENCY]: (): StubReply => ({ status: 200, body: { currency: saved } }),
      'PUT /api/performance/base-currency': (body: unknown): StubReply => {
        saved = ZBaseCurrencyBody.parse(body).currency;
        return { status: 200, body: { currency: saved } };
      },
    },
  };
}

/**
 * A full answer over a period of more than a year: $10,000 deposited, $1,000 more later, worth $12,450.67 at the
 * end; TWR +21.00 % (+10.00 % a year), MWR +19.50 % (+9.34 % a year); SPY +25.00 % (+11.80 % a year). The parts add
 * up to the change to the cent: 10,000 + 1,000 + 1,234.56 + 150.25 + 12.34 − 9.99 − 22.5 + 86.01 = 12,450.67.
 */
export function fullAnswer(overrides: Partial<PerformanceResponse> = {}): PerformanceResponse {
  return {
    portfolio: 'me',
    period: {
      range: 'MAX',
      start: '2022-03-31',
      end: '2024-04-05',
      startsBeforeHistory: false,
      endsAfterAsOf: false,
    },
    twr: 0.21,
    twrAnnualized: 0.1,
    mwr: 0.195,
    mwrAnnualized: 0.0934,
    mwrUnavailable: null,
    startValue: 10000,
    endValue: 12450.67,
    netFlows: 1000,
    breakdown: {
      price: 1234.56,
      dividends: 150.25,
      interest: 12.34,
      fees: -9.99,
      taxes: -22.5,
      currency: 86.01,
      realized: 400.1,
      unrealized: 910.48,
    },
    series: [
      { date: '2022-03-31', value: 10000, netInvested: 10000, twrIndex: 1, benchmarkIndex: 1 },
      { date: '2023-03-31', value: 11500, netInvested: 11000, twrIndex: 1.05, benchmarkIndex: 1.1 },
      { date: '2024-04-05', value: 12450.67, netInvested: 11000, twrIndex: 1.21, benchmarkIndex: 1.25 },
    ],
    benchmark: {
      symbol: 'SPY',
      available: true,
      twr: 0.25,
      twrAnnualized: 0.118,
      mwr: 0.2312,
      mwrAnnualized: 0.1099,
      mwrUnavailable: null,
    },
    currency: 'USD',
    asOf: '2024-04-05',
    sources: { prices: { AAPL: 'simulated', 'VOD.L': 'yahoo', SPY: 'simulated' }, fx: { GBP: 'simulated' } },
    approximations: [
      { subject: 'AAPL', kind: 'carried', from: '2024-03-29', to: '2024-04-01' },
      { subject: 'GBP', kind: 'carried', from: '2024-03-29', to: '2024-03-29' },
    ],
    ...overrides,
  };
}

export function ok(body: PerformanceResponse): StubReply {
  return { status: 200, body };
}

/** The server's answer for a portfolio without a history. */
export const NO_HISTORY_REPLY: StubReply = {
  status: 422,
  body: { error: { code: 'NO_HISTORY', message: PERFORMANCE_MESSAGES.noHistory } },
};

/** The view's dividend income and realised gains by year of the person's own portfolio. */
export const INCOME_ME = 'GET /api/holdings/income?portfolio=me';
export const REALIZED_ME = 'GET /api/holdings/realized-by-year?portfolio=me';

const noIncome: DividendIncomeResponse = {
  portfolio: 'me',
  currency: 'USD',
  asOf: '2024-04-06',
  trailingFrom: '2023-04-07',
  hasHistory: true,
  total: { amount: 0, byCurrency: [] },
  trailing12m: { amount: 0, byCurrency: [] },
  byMonth: [],
  byYear: [],
  holdings: [],
  yield: { onCost: null, onValue: null, costBasis: null, marketValue: null, unknownCost: [], unpriced: [] },
  forward12m: { kind: 'estimate', note: FORWARD_ESTIMATE_NOTE, amount: 0, byCurrency: [] },
  missingRates: [],
  sources: { prices: [], fx: {} },
};
/** No sale: the answer a test about the realised gains starts from. */
export const NO_REALIZED: RealizedByYearResponse = {
  portfolio: 'me',
  currency: 'USD',
  costBasisMethod: 'fifo',
  hasHistory: true,
  years: [],
  missingRates: [],
  sources: { fx: {} },
};

/** No dividend and no sale, for a test about something else. */
export const NO_INCOME: Record<string, StubReply> = {
  [INCOME_ME]: { status: 200, body: noIncome },
  [REALIZED_ME]: { status: 200, body: NO_REALIZED },
};
