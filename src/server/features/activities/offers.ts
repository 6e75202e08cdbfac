/**
 * Dividends and splits a portfolio's history lacks (issue 27 item 4): GET /api/activities/offers looks up the
 * dividend and split history of each listing the history holds (or the map, before a history begins) from the
 * market-data chain, and offers the payments and splits on shares held that the history does not record
 * (src/domain/activities/dividend-offers.ts); POST /api/activities/offers/accept adds the ones the person chose.
 *
 * - The vendors are asked outside the ledger's transaction (no network under its lock), each listing from its
 *   first activity to today; the answers are kept six hours by the market-data service, so the accept asks no
 *   vendor again. Under the lock the offers are computed again from the history as it is then: an offer chosen
 *   that is no longer there (a dividend typed meanwhile) refuses the whole accept (409), nothing is added.
 * - The simulator has no corporate actions: when no vendor answers for any listing, nothing is offered and the
 *   answer says so (`simulated`, `note`).
 * - Accepted offers are recorded as typed by hand (`source: manual`: the person chose them), their note naming
 *   the vendor; an offer whose activity the ledger's rules refuse (a pay date still to come) is not offered.
 * - Listings outside the US are looked up only for plans with global market coverage, as everywhere else.
 */
import {
  ACTIVITY_OFFERS_MESSAGES as M,
  type ActivityOffersResponse,
  type DividendOffer,
  type SplitOffer,
} from '../../../contracts/activity-offers';
import { MARKET_DATA_VENDOR_LABELS, type MarketDataSourceName } from '../../../contracts/market-data';
import { AppError } from '../../../contracts/errors';
import type { ActivityDraft } from '../../../domain/activities/activity';
import { findCorporateActionOffers } from '../../../domain/activities/dividend-offers';
import {
  dividendActivity,
  dividendOfferId,
  splitActivity,
  splitOfferId,
} from '../../../domain/activities/offer-activities';
import { validateActivity } from '../../../domain/activities/validate';
import { utcDateOf } from '../../../domain/calendar';
import type { CorporateActions } from '../../../domain/corporate-actions';
import { isGlobalListing } from '../../../domain/listings';
import { listingCurrency } from '../../../domain/security-master';
import { hasFeature } from '../../auth/guards';
import {
  keyOf,
  mapStoreOf,
  quantityText,
  toLedgerActivity,
  transfer,
  type HoldingsMap,
  type PortfolioRef,
} from './portfolio-refs';
import { findPortfolio, insertActivities, listHistory, type ActivityRow } from './repository';
import { latestToday, openHistory, withHistory, writableRef, type UserRequest } from './service';

/** At most this many listings are looked up (each is a vendor request, at most, every six hours). */
const OFFER_SYMBOLS_MAX = 100;
/** Listings looked up at once. */
const LOOKUPS_AT_ONCE = 4;

type WritableRef = Exclude<PortfolioRef, { kind: 'paper' }>;

interface Lookup {
  symbol: string;
  source: MarketDataSourceName;
  actions: CorporateActions;
}

const byDate = (a: ActivityDraft, b: ActivityDraft) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

interface Offer {
  id: string;
  activity: ActivityDraft;
  dividend?: DividendOffer;
  split?: SplitOffer;
}

/** The history as the ledger's drafts; before a history begins, the map's rows as opening positions. */
function historyOf(rows: readonly ActivityRow[], map: HoldingsMap | undefined): ActivityDraft[] {
  if (rows.length > 0) return rows.map(toLedgerActivity);
  if (!map) return [];
  const date = utcDateOf(map.updatedAt);
  return Object.entries(map.holdings).map(([symbol, quantity]) =>
    transfer('transfer_in', date, symbol, quantityText(quantity), listingCurrency(symbol)),
  );
}

async function currentHistory(options: UserRequest & { ref: WritableRef }): Promise<ActivityDraft[]> {
  const map = await mapStoreOf(options.user, options.ref).read(options.db);
  const portfolio = await findPortfolio(options.db, options.user.id, keyOf(options.ref));
  return historyOf(portfolio ? await listHistory(options.db, portfolio.id) : [], map);
}

/** Each listing the history has held, with its first date: the dividends and splits from then on may be owed. */
function heldSymbols(history: readonly ActivityDraft[], globalCoverage: boolean): Map<string, string> {
  const first = new Map<string, string>();
  for (const activity of history) {
    if (activity.type !== 'buy' && activity.type !== 'transfer_in') continue;
    const symbol = activity.symbol?.trim().toUpperCase();
    if (!symbol || (!globalCoverage && isGlobalListing(symbol))) continue;
    const known = first.get(symbol);
    if (known === undefined || activity.date < known) first.set(symbol, activity.date);
  }
  return new Map([...first].sort(([a], [b]) => (a < b ? -1 : 1)).slice(0, OFFER_SYMBOLS_MAX));
}

/** The vendors' dividends and splits of each listing; a listing no source knows is left out. */
async function lookUp(options: UserRequest, history: readonly ActivityDraft[]): Promise<Lookup[]> {
  const symbols = [...heldSymbols(history, hasFeature(options.user, 'global-market-coverage'))];
  const today = utcDateOf(options.now());
  const found: Lookup[] = [];
  for (let start = 0; start < symbols.length; start += LOOKUPS_AT_ONCE) {
    const answers = await Promise.all(
      symbols.slice(start, start + LOOKUPS_AT_ONCE).map(async ([symbol, from]) => {
        try {
          const answer = await options.marketData.getCorporateActions(
            symbol,
            from < today ? from : today,
            today,
            {
              userId: options.user.id,
            },
          );
          return { symbol, source: answer.source, actions: answer };
        } catch (error) {
          // An unknown listing (404), or one the chain cannot serve: nothing to offer for it.
          if (error instanceof AppError) return undefined;
          throw error;
        }
      }),
    );
    for (const answer of answers) if (answer) found.push(answer);
  }
  return found;
}

const vendorLabel = (source: MarketDataSourceName) =>
  source === 'simulated' ? 'simulated market data' : MARKET_DATA_VENDOR_LABELS[source];

/** The offers on `history` from the vendors' answers, oldest first; those the ledger's rules refuse are left out. */
function offersOf(history: readonly ActivityDraft[], lookups: readonly Lookup[], now: Date): Offer[] {
  const today = latestToday(now);
  const offers: Offer[] = [];
  for (const { symbol, source, actions } of lookups) {
    if (source === 'simulated') continue;
    const vendor = vendorLabel(source);
    const found = findCorporateActionOffers(history, symbol, actions);
    const currency =
      history.find((activity) => activity.symbol?.trim().toUpperCase() === symbol)?.currency ??
      listingCurrency(symbol);
    for (const split of found.splits) {
      const activity = splitActivity(
        split,
        currency,
        `Added from ${vendor}'s split history: ${split.sharesBefore} shares became ${split.sharesAfter}.`,
      );
      offers.push({
        id: splitOfferId(split),
        activity,
        split: {
          id: splitOfferId(split),
          symbol,
          date: split.date,
          ratio: Number(split.ratio),
          sharesBefore: Number(split.sharesBefore),
          sharesAfter: Number(split.sharesAfter),
          source,
        },
      });
    }
    for (const dividend of found.dividends) {
      const note = `Added from ${vendor}'s dividend history: ex-date ${dividend.exDate}, ${dividend.perShare} ${dividend.currency} a share on ${dividend.sharesHeld} shares.`;
      const activity = dividendActivity(dividend, note);
      offers.push({
        id: dividendOfferId(dividend),
        activity,
        dividend: {
          id: dividendOfferId(dividend),
          symbol,
          exDate: dividend.exDate,
          payDate: dividend.payDate ?? null,
          date: activity.date,
          currency: activity.currency,
          perShare: Number(activity.price),
          sharesHeld: Number(dividend.sharesHeld),
          amount: Number(activity.amount),
          source,
        },
      });
    }
  }
  return offers
    .filter((offer) => validateActivity(offer.activity, { today }).ok)
    .sort((a, b) => byDate(a.activity, b.activity));
}

/** GET /api/activities/offers: the dividends and splits the history lacks, and where they come from. */
export async function listOffers(
  options: UserRequest & { portfolio: string },
): Promise<ActivityOffersResponse> {
  const ref = writableRef(options.portfolio);
  const history = await currentHistory({ ...options, ref });
  const lookups = await lookUp(options, history);
  const offers = offersOf(history, lookups, options.now());
  const sources = [...new Set(lookups.map((lookup) => lookup.source))].filter((s) => s !== 'simulated');
  const simulated = lookups.length > 0 && sources.length === 0;
  return {
    portfolio: keyOf(ref),
    dividends: offers.flatMap((offer) => (offer.dividend ? [offer.dividend] : [])),
    splits: offers.flatMap((offer) => (offer.split ? [offer.split] : [])),
    symbols: lookups.map((lookup) => lookup.symbol),
    sources,
    simulated,
    note: simulated ? M.simulated : null,
  };
}

/** POST /api/activities/offers/accept: the chosen offers as activities, all in one transaction or none. */
export async function acceptOffers(
  options: UserRequest & { portfolio: string; offers: readonly string[] },
): Promise<{ added: number }> {
  const ref = writableRef(options.portfolio);
  const lookups = await lookUp(options, await currentHistory({ ...options, ref }));
  const added = await withHistory({ ...options, ref }, async ({ tx, portfolio, history, map }) => {
    const offered = new Map(
      offersOf(historyOf(history, map), lookups, options.now()).map((offer) => [offer.id, offer]),
    );
    const chosen = [...new Set(options.offers)].map((id) => offered.get(id));
    if (chosen.some((offer) => offer === undefined)) throw new AppError('CONFLICT', M.offerGone);
    const activities = (chosen as Offer[]).map((offer) => offer.activity).sort(byDate);
    const first = activities[0];
    if (history.length === 0 && map && first) await openHistory(tx, portfolio, map, first.date);
    await insertActivities(
      tx,
      portfolio.id,
      activities.map((activity) => ({ ...activity, source: 'manual' as const })),
    );
    return activities.length;
  });
  return { added };
}
