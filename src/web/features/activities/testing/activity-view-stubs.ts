import type { ActivityOffersResponse } from '../../../../contracts/activity-offers';
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
