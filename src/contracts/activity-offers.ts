/**
 * Dividends and splits a portfolio's history may lack (issue 27 item 4): GET /api/activities/offers lists the ones
 * a vendor's dividend history shows on the positions held, POST /api/activities/offers/accept adds the ones the
 * person chose. Numbers are JSON numbers; dates `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { ZMarketDataSource } from './market-data';
import { ZPortfolioKey } from './activities';
import { text } from './text';

export const OFFERS_ACCEPT_MAX = 500;

export const ACTIVITY_OFFERS_MESSAGES = {
  idsRequired: 'offers must list at least one offer',
  tooManyIds: `At most ${OFFERS_ACCEPT_MAX} offers can be added at once`,
  offerGone:
    'An offer chosen is no longer offered (the history changed, or the vendor no longer lists it): look at the offers again.',
  simulated:
    'The simulated market data has no dividend or split history, so Foliowise cannot look for dividends you may have received.',
} as const;
const M = ACTIVITY_OFFERS_MESSAGES;

/** GET /api/activities/offers */
export const ZActivityOffersQuery = z.object({ portfolio: ZPortfolioKey });

/** A cash dividend paid on shares the history held at its ex-date, which it records no dividend for. */
export const ZDividendOffer = z.object({
  /** What POST /api/activities/offers/accept names it by. */
  id: z.string(),
  symbol: z.string(),
  exDate: z.string(),
  payDate: z.string().nullable(),
  /** The activity's date: the pay date, else the ex-date. */
  date: z.string(),
  /** The activity's currency (pence are recorded in pounds). */
  currency: z.string(),
  perShare: z.number(),
  sharesHeld: z.number(),
  /** sharesHeld × perShare, to the cent: the activity's amount. */
  amount: z.number(),
  /** The vendor whose dividend history lists it. */
  source: ZMarketDataSource,
});
export type DividendOffer = z.infer<typeof ZDividendOffer>;

/** A split of shares the history held, which it does not record. */
export const ZSplitOffer = z.object({
  id: z.string(),
  symbol: z.string(),
  date: z.string(),
  /** Shares after per share before. */
  ratio: z.number(),
  sharesBefore: z.number(),
  sharesAfter: z.number(),
  source: ZMarketDataSource,
});
export type SplitOffer = z.infer<typeof ZSplitOffer>;

export const ZActivityOffersResponse = z.object({
  portfolio: z.string(),
  /** Oldest first. */
  dividends: z.array(ZDividendOffer),
  /** Oldest first. */
  splits: z.array(ZSplitOffer),
  /** The symbols looked up, and the vendors that answered for them. */
  symbols: z.array(z.string()),
  sources: z.array(ZMarketDataSource),
  /**
   * True when no vendor gave any of the symbols' dividends and splits: the market data is the simulator, which
   * has none, so nothing can be offered (`note` says so).
   */
  simulated: z.boolean(),
  note: z.string().nullable(),
});
export type ActivityOffersResponse = z.infer<typeof ZActivityOffersResponse>;

/** POST /api/activities/offers/accept: the offers' ids, as the last GET gave them; all are added or none. */
export const ZAcceptOffersRequest = z.object({
  portfolio: ZPortfolioKey,
  offers: z
    .array(text({ field: 'offer', min: 1, max: 120 }), { error: M.idsRequired })
    .min(1, M.idsRequired)
    .max(OFFERS_ACCEPT_MAX, M.tooManyIds),
});

export const ZAcceptOffersResponse = z.object({ added: z.number() });
export type AcceptOffersResponse = z.infer<typeof ZAcceptOffersResponse>;
