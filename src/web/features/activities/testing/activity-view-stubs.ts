import type { ActivityOffersResponse } from '../../../../contracts/activity-offers';
import {
  FORWARD_ESTIMATE_NOTE,
  type DividendIncomeResponse,
  type RealizedByYearResponse,
} from '../../../../contracts/income';
import type { StubReply } from '../../../testing/stub-api';

/** The requests the Activity view of the person's own portfolio makes, as `stubApi` names them. */
export const LIST_ME = 'GET /api/activities?portfolio=me';
export const HOLDINGS_ME = 'GET /api/holdings?portfolio=me';
export const OFFERS_ME = 'GET /api/activities/offers?portfolio=me';

const noOffers: ActivityOffersResponse = {
  portfolio: 'me',
  dividends: [],
  splits: [],
  symbols: [],
  sources: [],
  simulated: false,
  note: null,
};

/** The view also asks for the dividends and splits its history lacks: none, for a test about something else. */
export const NO_OFFERS: StubReply = { status: 200, body: noOffers };

export const INCOME_ME = 'GET /api/holdings/income?portfolio=me';
export const REALIZED_ME = 'GET /api/holdings/realized-by-year?portfolio=me';

const noIncome: DividendIncomeResponse = {
  portfolio: 'me',
  currency: 'USD',
  asOf: '2025-06-30',
  trailingFrom: '2024-07-01',
  hasHistory: true,
  total: { amount: 0, byCurrency: [] },
  trailing12m: { amount: 0, byCurrency: [] },
  byMonth: [],
  byYear: [],
  holdings: [],
  yield: { onCost: null, onValue: null, costBasis: null, marketValue: null, unknownCost: [], unpriced: [] },
  forward12m: { kind: 'estimate', note: FORWARD_ESTIMATE_NOTE, amount: 0, byCurrency: [] },
  missingRates: [],
  sources: [],
};
const noRealized: RealizedByYearResponse = {
  portfolio: 'me',
  costBasisMethod: 'fifo',
  hasHistory: true,
  years: [],
};

/** The view's dividend income and realised gains by year: none, for a test about something else. */
export const NO_INCOME: Record<string, StubReply> = {
  [INCOME_ME]: { status: 200, body: noIncome },
  [REALIZED_ME]: { status: 200, body: noRealized },
};
