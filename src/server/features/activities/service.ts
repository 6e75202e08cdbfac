/**
 * The activity ledger (issue 27, docs/decisions/036): a portfolio's history, its holdings replayed from it, and its
 * map (symbol -> quantity, what every screen of the spec reads) kept in step.
 *
 * - A portfolio is `me` (the saved portfolio), `account:<id>` (Premium's portfolio accounts), `client:<id>`
 *   (Professional's clients) or `paper:<id>` (a paper portfolio: its fills, read-only). Another person's answers
 *   404 'Portfolio not found'; the plans gate as the owning features do.
 * - A portfolio without a history is its map: holdings are opening positions of unknown cost. The first activity
 *   turns the map's rows into opening transfers in (unknown cost) dated the map's last change (or the activity's
 *   date when earlier), in the same transaction.
 * - Every change runs in ONE transaction that locks the portfolio's ledger row, replays the whole history (the
 *   domain refuses a sale of more than is held then, naming date and symbol: nothing is written) and rewrites
 *   the map from the derived quantities: valuation, analysis, alerts, snapshots and reports read it unchanged.
 * - A change of the map made on the spec's screens after the history began (the analyzer's editor, a client's
 *   holdings) is found at the next read or change (the map is not the one the ledger last wrote and disagrees with
 *   the history) and recorded as transfers of unknown cost dated that change ('map-edit'): nothing typed is lost.
 */
import {
  ACTIVITIES_MESSAGES as M,
  ACTIVITY_PAGE_SIZE,
  type Activity,
  type ActivityListResponse,
  type CreateActivityRequest,
  type Holding,
  type HoldingsResponse,
  type UpdateActivityRequest,
} from '../../../contracts/activities';
import { AppError } from '../../../contracts/errors';
import type { PositionsHistory } from '../../../contracts/imports';
import type { ActivityDraft, ActivityType } from '../../../domain/activities/activity';
import type { PositionLot } from '../../../domain/broker-csv/brokers';
import {
  replayActivities,
  sumRealized,
  unrealizedGainOf,
  type CostBasisMethod,
  type Ledger,
  type LedgerActivity,
} from '../../../domain/activities/ledger';
import { planPositionsFile } from '../../../domain/activities/positions-file';
import type { RecentHistories } from './recent-histories';
import { validateActivity } from '../../../domain/activities/validate';
import { isIsoDate, utcDateOf } from '../../../domain/calendar';
import { decodeCursor, pageOf } from './page-cursor';
import { listingCurrency } from '../../../domain/security-master';
import { Decimal } from '../../../domain/paper-trading';
import type { Database, Transaction } from '../../db/client';
import type { MarketDataService } from '../market-data/service';
import { paperHistory } from './paper-history';
import {
  keyOf,
  mapOfLedger,
  mapStoreOf,
  parsePortfolioKey,
  quantityText,
  sameMap,
  toActivity,
  toLedgerActivity,
  transfer,
  type HoldingsMap,
  type LedgerUser,
  type PortfolioRef,
} from './portfolio-refs';
import {
  deleteActivities,
  findActivityOfUser,
  findPortfolio,
  insertActivities,
  listHistory,
  listLedgerActivities,
  readHistoryVersion,
  listPage,
  lockPortfolio,
  rememberLedgerMap,
  sumShareMoves,
  updateActivity as updateActivityRow,
  updateCostBasisMethod,
  updateLedgerMap,
  type ActivityFilter,
  type ActivityRow,
  type NewActivityRow,
  type PortfolioRow,
} from './repository';

/** Made-up activities read back as a history's rows: the returns warm-up's (performance/warm-up.ts). */
export { readBackAsLedgerRows } from './repository';

export interface ActivitiesContext {
  db: Database;
  marketData: MarketDataService;
  now: () => Date;
  /** The histories of recent reads, by version. */
  histories: RecentHistories;
}

export interface UserRequest extends ActivitiesContext {
  user: LedgerUser;
}

const DEFAULT_METHOD: CostBasisMethod = 'fifo';
/** Paper trading's own rule (src/domain/paper-trading.ts): its realised P&L is at average cost. */
const PAPER_METHOD: CostBasisMethod = 'average';

/**
 * The latest date it is anywhere (UTC+14): a person's "today" is never refused as a future date, whatever their
 * time zone, and nothing later is accepted.
 */
export function latestToday(now: Date): string {
  return utcDateOf(now.getTime() + 14 * 3_600_000);
}

export function replayOrThrow(activities: readonly LedgerActivity[], method: CostBasisMethod): Ledger {
  const outcome = replayActivities(activities, method);
  if (outcome.ok) return outcome.ledger;
  throw outcome.code === 'INSUFFICIENT_SHARES'
    ? new AppError('INSUFFICIENT_SHARES', outcome.message)
    : new AppError('VALIDATION_ERROR', outcome.message, { fields: { currency: outcome.message } });
}

/** The activity a request describes, checked by the domain's rules (400 with every field's fault). */
function validDraft(draft: ActivityDraft, now: Date): ActivityDraft {
  const checked = validateActivity(draft, { today: latestToday(now) });
  if (!checked.ok) {
    throw new AppError('VALIDATION_ERROR', checked.message, {
      fields: checked.fields,
    });
  }
  return checked.activity;
}

// --------------------------------------------------------------------------------- one transaction

interface HistoryChange {
  tx: Transaction;
  portfolio: PortfolioRow;
  /** The history before the change (map edits recorded). */
  history: ActivityRow[];
  map: HoldingsMap | undefined;
}

/**
 * Runs `change` on the portfolio's history in one transaction (`tx`'s, when given) under its lock, after recording
 * any change of the map made elsewhere; then replays the whole history (refusing what would sell more than is held)
 * and writes the map from it when it differs, and keeps that map as the one the ledger wrote (`ledger_map`).
 */
export async function withHistory<T>(
  options: UserRequest & { ref: Exclude<PortfolioRef, { kind: 'paper' }>; tx?: Transaction },
  change: (state: HistoryChange) => Promise<T>,
): Promise<T> {
  const store = mapStoreOf(options.user, options.ref);
  // The history as this change leaves it, and its version then: kept once the change is committed.
  let written: { portfolioId: string; version: number; activities: LedgerActivity[] } | undefined;
  const run = async (tx: Transaction) => {
    const map = await store.read(tx);
    const portfolio = await lockPortfolio(tx, options.user.id, keyOf(options.ref), store.owner);
    let history = await listHistory(tx, portfolio.id);
    if (history.length > 0 && map) {
      const recorded = await recordMapEdits(tx, portfolio, history, map, options.now());
      if (recorded.length > 0) history = [...history, ...recorded];
    }
    const result = await change({ tx, portfolio, history, map });
    const after = await listLedgerActivities(tx, portfolio.id);
    // No history before or after (a method chosen first): the map is the portfolio, not an empty replay's.
    if (history.length === 0 && after.length === 0) return result;
    const ledger = replayOrThrow(after, portfolio.costBasisMethod);
    const derived = mapOfLedger(ledger);
    if (!map || !sameMap(map.holdings, derived)) await store.write(tx, derived);
    if (!portfolio.ledgerMap || !sameMap(portfolio.ledgerMap, derived)) {
      await updateLedgerMap(tx, portfolio.id, derived);
    }
    // The row is locked: no other writer moves the version before this commits.
    written = {
      portfolioId: portfolio.id,
      version: await readHistoryVersion(tx, portfolio.id),
      activities: after,
    };
    return result;
  };
  // In a caller's transaction the commit is the caller's (it may still roll back): nothing is kept.
  if (options.tx) return run(options.tx);
  const result = await options.db.transaction(run);
  // The next read of returns or holdings after an edit need not read the history again.
  if (written) options.histories.set(written.portfolioId, written.version, written.activities);
  return result;
}

/** Transfers of unknown cost that bring the history to the map, when the map was changed on another screen. */
async function recordMapEdits(
  tx: Transaction,
  portfolio: PortfolioRow,
  history: ActivityRow[],
  map: HoldingsMap,
  now: Date,
): Promise<ActivityRow[]> {
  const ledger = replayOrThrow(history.map(toLedgerActivity), portfolio.costBasisMethod);
  if (sameMap(map.holdings, mapOfLedger(ledger))) return [];
  // Dated the map's change (at most the latest today), never before the history's last day: nothing after it moves.
  const lastDay = history.reduce((last, row) => (row.date > last ? row.date : last), '');
  const today = latestToday(now);
  const changed = utcDateOf(map.updatedAt) < today ? utcDateOf(map.updatedAt) : today;
  const date = changed < lastDay ? lastDay : changed;
  const rows: NewActivityRow[] = [];
  const held = new Map(ledger.holdings.map((holding) => [holding.symbol, holding]));
  for (const symbol of new Set([...Object.keys(map.holdings), ...held.keys()])) {
    const holding = held.get(symbol);
    const target = new Decimal(quantityText(map.holdings[symbol] ?? 0));
    const difference = target.minus(holding?.quantity ?? 0);
    if (difference.isZero()) continue;
    const type = difference.gt(0) ? 'transfer_in' : 'transfer_out';
    rows.push({
      ...transfer(
        type,
        date,
        symbol,
        quantityText(difference.abs()),
        holding?.currency ?? listingCurrency(symbol),
      ),
      source: 'map-edit',
    });
  }
  return insertActivities(tx, portfolio.id, rows);
}

// ------------------------------------------------------------------------------------------- writes

export function writableRef(key: string): Exclude<PortfolioRef, { kind: 'paper' }> {
  const ref = parsePortfolioKey(key);
  if (ref.kind === 'paper') throw new AppError('FORBIDDEN', M.paperReadOnly);
  return ref;
}

function draftOf(request: Omit<CreateActivityRequest, 'portfolio'>): ActivityDraft {
  return {
    type: request.type,
    date: request.date,
    symbol: request.symbol ?? null,
    quantity: (request.quantity as string | null | undefined) ?? null,
    price: (request.price as string | null | undefined) ?? null,
    fee: (request.fee as string | null | undefined) ?? null,
    amount: (request.amount as string | null | undefined) ?? null,
    currency: request.currency ?? 'USD',
    note: request.note ?? null,
  };
}

/**
 * The history begins: the map's rows become opening positions of unknown cost, dated the map's last change or
 * `firstDate` (the earliest new activity's) when earlier, before the new activities.
 */
export async function openHistory(
  tx: Transaction,
  portfolio: PortfolioRow,
  map: HoldingsMap,
  firstDate: string,
): Promise<void> {
  const changed = utcDateOf(map.updatedAt);
  const date = firstDate < changed ? firstDate : changed;
  await insertActivities(
    tx,
    portfolio.id,
    Object.entries(map.holdings).map(([symbol, quantity]) => ({
      ...transfer('transfer_in', date, symbol, quantityText(quantity), listingCurrency(symbol)),
      source: 'opening',
    })),
  );
}

/** POST /api/activities: one activity typed by hand. */
export async function createActivity(
  options: UserRequest & { request: CreateActivityRequest },
): Promise<{ activity: Activity }> {
  const ref = writableRef(options.request.portfolio);
  const draft = validDraft(draftOf(options.request), options.now());
  const row = await withHistory({ ...options, ref }, async ({ tx, portfolio, history, map }) => {
    if (history.length === 0 && map) await openHistory(tx, portfolio, map, draft.date);
    const [inserted] = await insertActivities(tx, portfolio.id, [{ ...draft, source: 'manual' }]);
    if (!inserted) throw new Error('activity insert returned no row');
    return inserted;
  });
  return { activity: toActivity(row, keyOf(ref)) };
}

/** The user's activity `id` and its portfolio, or 404. */
async function ownedActivity(options: UserRequest & { id: string }) {
  const found = await findActivityOfUser(options.db, options.user.id, options.id);
  if (!found) throw new AppError('NOT_FOUND', M.activityNotFound);
  return { ...found, ref: writableRef(found.key) };
}

/** PATCH /api/activities/:id: the fields sent replace the stored ones; the result is checked as a whole. */
export async function updateActivity(
  options: UserRequest & { id: string; changes: UpdateActivityRequest },
): Promise<{ activity: Activity }> {
  const { row: before, key, ref } = await ownedActivity(options);
  const changes = options.changes;
  const pick = <K extends keyof UpdateActivityRequest>(field: K, stored: string | null) =>
    changes[field] === undefined ? stored : ((changes[field] as string | null) ?? null);
  const draft = validDraft(
    {
      type: changes.type ?? (before.type as ActivityType),
      date: changes.date ?? before.date,
      symbol: pick('symbol', before.symbol),
      quantity: pick('quantity', before.quantity),
      price: pick('price', before.price),
      fee: pick('fee', before.fee),
      amount: pick('amount', before.amount),
      currency: changes.currency ?? before.currency,
      note: pick('note', before.note),
    },
    options.now(),
  );
  const row = await withHistory({ ...options, ref }, async ({ tx, portfolio }) => {
    const updated = await updateActivityRow(tx, portfolio.id, before.id, draft);
    if (!updated) throw new AppError('NOT_FOUND', M.activityNotFound);
    return updated;
  });
  return { activity: toActivity(row, key) };
}

/** DELETE /api/activities/:id */
export async function deleteActivity(options: UserRequest & { id: string }): Promise<void> {
  const { row, ref } = await ownedActivity(options);
  await withHistory({ ...options, ref }, async ({ tx, portfolio }) => {
    if ((await deleteActivities(tx, portfolio.id, [row.id])) === 0) {
      throw new AppError('NOT_FOUND', M.activityNotFound);
    }
  });
}

/** POST /api/activities/bulk-delete: the listed activities of one portfolio, all or none (404 if one is not there). */
export async function deleteActivitiesOf(
  options: UserRequest & { portfolio: string; ids: readonly string[] },
): Promise<{ deleted: number }> {
  const ref = writableRef(options.portfolio);
  const ids = [...new Set(options.ids)];
  const deleted = await withHistory({ ...options, ref }, async ({ tx, portfolio }) => {
    const count = await deleteActivities(tx, portfolio.id, ids);
    if (count !== ids.length) throw new AppError('NOT_FOUND', M.activityNotFound);
    return count;
  });
  return { deleted };
}

/**
 * POST /api/import/csv with a portfolio (decision 038): a positions file's holdings become the portfolio's, its lots
 * (with their cost, and acquisition dates where given) opening transfers in of the symbols the history lacks.
 */
export async function recordPositionsFile(
  options: UserRequest & {
    portfolio: string;
    holdings: Readonly<Record<string, number>>;
    lots: readonly PositionLot[] | undefined;
    source: string;
  },
): Promise<PositionsHistory> {
  const ref = writableRef(options.portfolio);
  const now = options.now();
  return withHistory({ ...options, ref }, async ({ tx, portfolio, history }) => {
    const ledger =
      history.length > 0 ? replayOrThrow(history.map(toLedgerActivity), portfolio.costBasisMethod) : null;
    const plan = planPositionsFile({
      ...options,
      history,
      held: ledger?.holdings ?? [],
      today: utcDateOf(now),
      latestToday: latestToday(now),
    });
    if (!plan.ok) throw new AppError('VALIDATION_ERROR', plan.message);
    const rows: NewActivityRow[] = [
      ...plan.opening.map((draft) => ({ ...draft, source: 'opening' as const })),
      ...plan.transfers.map((draft) => ({ ...draft, source: 'map-edit' as const })),
    ];
    // In parts: a statement's parameters are limited (65,535), and a file may hold 20,000 rows.
    for (let start = 0; start < rows.length; start += 1000) {
      await insertActivities(tx, portfolio.id, rows.slice(start, start + 1000));
    }
    return {
      portfolio: keyOf(ref),
      lots: plan.opening.length,
      lotsWithCost: plan.withCost,
      message: plan.message,
    };
  });
}

// -------------------------------------------------------------------------------------------- reads

/** The history of a writable portfolio, with the map's changes made elsewhere recorded; none without a history. */
async function syncedPortfolio(
  options: UserRequest & { ref: Exclude<PortfolioRef, { kind: 'paper' }> },
): Promise<{ portfolio: PortfolioRow | undefined; map: HoldingsMap | undefined }> {
  const store = mapStoreOf(options.user, options.ref);
  const map = await store.read(options.db);
  const portfolio = await findPortfolio(options.db, options.user.id, keyOf(options.ref));
  // The map the ledger last wrote: nobody changed it elsewhere, and the history is not read (a page costs the page).
  if (!portfolio || !map || (portfolio.ledgerMap && sameMap(map.holdings, portfolio.ledgerMap))) {
    return { portfolio, map };
  }
  const derived = await derivedMapOf(options.db, portfolio);
  if (!derived) return { portfolio, map };
  // The map was changed elsewhere: record it (a write, under the lock, like any change; it keeps the new map).
  if (!sameMap(map.holdings, derived)) {
    await withHistory(options, async () => undefined);
    // The row read before the write has the history's version before it.
    return { portfolio: await findPortfolio(options.db, options.user.id, portfolio.key), map };
  }
  // Not known yet (a portfolio from before it was kept) and in step: the next read takes the shortcut.
  if (!portfolio.ledgerMap) await rememberLedgerMap(options.db, portfolio.id, derived);
  return { portfolio, map };
}

/**
 * The map the history derives (undefined: no history), without reading the history whole: the quantities are sums
 * in the database; only the symbols that were split are replayed, from their own activities.
 */
async function derivedMapOf(
  db: Database,
  portfolio: PortfolioRow,
): Promise<Record<string, number> | undefined> {
  const sums = await sumShareMoves(db, portfolio.id);
  if (sums.length === 0) return undefined;
  const derived: Record<string, number> = {};
  const split: string[] = [];
  for (const { symbol, quantity, split: wasSplit } of sums) {
    if (symbol === null) continue;
    if (wasSplit) split.push(symbol);
    else if (new Decimal(quantity).gt(0)) derived[symbol] = new Decimal(quantity).toNumber();
  }
  if (split.length > 0) {
    const rows = await listLedgerActivities(db, portfolio.id, split);
    Object.assign(derived, mapOfLedger(replayOrThrow(rows, portfolio.costBasisMethod)));
  }
  return derived;
}

function checkDates(filter: ActivityFilter): void {
  for (const field of ['from', 'to'] as const) {
    const value = filter[field];
    if (value !== undefined && !isIsoDate(value)) {
      const message = `${field} must be a date written YYYY-MM-DD`;
      throw new AppError('VALIDATION_ERROR', message, { fields: { [field]: message } });
    }
  }
}

/** GET /api/activities: newest first (date, then entry order), ACTIVITY_PAGE_SIZE a page, keyset cursor. */
export async function listActivities(
  options: UserRequest & { portfolio: string; filter: ActivityFilter; cursor?: string | undefined },
): Promise<ActivityListResponse> {
  checkDates(options.filter);
  const after = decodeCursor(options.cursor);
  const ref = parsePortfolioKey(options.portfolio);
  const key = keyOf(ref);
  if (ref.kind === 'paper') {
    const { rows, activities } = await paperHistory(options, ref.id);
    const { type, symbol, from, to } = options.filter;
    const page: { row: LedgerActivity; activity: Activity }[] = [];
    for (let i = rows.length - 1; i >= 0 && page.length <= ACTIVITY_PAGE_SIZE; i--) {
      const row = rows[i] as LedgerActivity;
      if (after && (row.date > after.date || (row.date === after.date && row.sequence >= after.sequence)))
        continue;
      if ((type && row.type !== type) || (symbol && row.symbol !== symbol)) continue;
      if ((from && row.date < from) || (to && row.date > to)) continue;
      page.push({ row, activity: activities[i] as Activity });
    }
    return pageOf(page.map((p) => ({ cursor: p.row, activity: p.activity })));
  }
  const { portfolio } = await syncedPortfolio({ ...options, ref });
  if (!portfolio) return { activities: [], nextCursor: null };
  const rows = await listPage(options.db, portfolio.id, options.filter, after, ACTIVITY_PAGE_SIZE + 1);
  return pageOf(rows.map((row) => ({ cursor: row, activity: toActivity(row, key) })));
}

const money = (value: Decimal | null) => (value === null ? null : value.toDecimalPlaces(2).toNumber());

/** The ledger as the contract's holdings, valued at today's prices in each holding's currency. */
async function holdingsResponse(
  options: UserRequest & { key: string; ledger: Ledger; hasHistory: boolean },
): Promise<HoldingsResponse> {
  const { ledger } = options;
  const open = ledger.holdings.filter((holding) => holding.quantity.gt(0));
  const { prices } = await options.marketData.getUsdPrices(
    open.map((holding) => holding.symbol),
    { userId: options.user.id },
  );
  const year = options.now().getUTCFullYear();
  const ordered = [...open, ...ledger.holdings.filter((holding) => holding.quantity.isZero())];
  const holdings = ordered.map((holding): Holding => {
    const quote = prices[holding.symbol];
    const local = quote?.local?.currency === holding.currency ? quote.local.price : null;
    const priceNumber = holding.currency === 'USD' ? (quote?.price ?? null) : local;
    const price = priceNumber === null || holding.quantity.isZero() ? null : new Decimal(priceNumber);
    const unrealized = unrealizedGainOf(holding, price);
    const realized = sumRealized(holding.realized);
    return {
      symbol: holding.symbol,
      currency: holding.currency,
      quantity: holding.quantity.toNumber(),
      costBasis: money(holding.costBasis),
      averageCost: holding.averageCost === null ? null : holding.averageCost.toDecimalPlaces(6).toNumber(),
      lots: holding.lots.map((lot) => ({
        acquired: lot.acquired,
        quantity: lot.quantity.toNumber(),
        costBasis: money(lot.cost),
      })),
      price: price === null ? null : price.toNumber(),
      marketValue: money(unrealized.marketValue),
      unrealizedGain: money(unrealized.gain),
      unrealizedGainPercent: money(unrealized.gainPercent),
      realizedGain: {
        total: money(realized.total),
        shortTerm: money(realized.shortTerm),
        longTerm: money(realized.longTerm),
        thisYear: money(sumRealized(holding.realized.filter((part) => part.year === year)).total),
      },
    };
  });
  return {
    portfolio: options.key,
    costBasisMethod: ledger.method,
    hasHistory: options.hasHistory,
    holdings,
    currencies: ledger.currencies.map((totals) => ({
      currency: totals.currency,
      cash: money(totals.cash),
      dividends: money(totals.dividends) ?? 0,
      interest: money(totals.interest) ?? 0,
      fees: money(totals.fees) ?? 0,
      taxes: money(totals.taxes) ?? 0,
      deposits: money(totals.deposits) ?? 0,
      withdrawals: money(totals.withdrawals) ?? 0,
    })),
  };
}

/**
 * The portfolio's activities in the ledger's order: those kept from a read at the same version, else read (and kept
 * under the version read before them: a write in between leaves them under an older one, read again next time).
 */
async function ledgerActivitiesOf(
  options: UserRequest,
  portfolio: PortfolioRow,
): Promise<readonly LedgerActivity[]> {
  const kept = options.histories.get(portfolio.id, portfolio.historyVersion);
  if (kept) return kept;
  const activities = await listLedgerActivities(options.db, portfolio.id);
  options.histories.set(portfolio.id, portfolio.historyVersion, activities);
  return activities;
}

/** A portfolio's history as the ledger reads it: a paper portfolio's fills; a map without a history, its openings. */
export async function readHistory(options: UserRequest & { portfolio: string }) {
  const ref = parsePortfolioKey(options.portfolio);
  const key = keyOf(ref);
  if (ref.kind === 'paper') {
    const { rows } = await paperHistory(options, ref.id);
    return { key, activities: rows, method: PAPER_METHOD, hasHistory: true };
  }
  const { portfolio, map } = await syncedPortfolio({ ...options, ref });
  const method = portfolio?.costBasisMethod ?? DEFAULT_METHOD;
  const history = portfolio ? await ledgerActivitiesOf(options, portfolio) : [];
  if (history.length > 0) return { key, activities: history, method, hasHistory: true };
  const date = map ? utcDateOf(map.updatedAt) : latestToday(options.now());
  const activities = Object.entries(map?.holdings ?? {}).map(([symbol, quantity], i): LedgerActivity => ({
    ...transfer('transfer_in', date, symbol, quantityText(quantity), listingCurrency(symbol)),
    id: `opening-${i}`,
    sequence: i,
  }));
  return { key, activities, method, hasHistory: false };
}

/** GET /api/holdings: the replay of the history; a portfolio without one is its map, at unknown cost. */
export async function getHoldings(options: UserRequest & { portfolio: string }): Promise<HoldingsResponse> {
  const { key, activities, method, hasHistory } = await readHistory(options);
  return holdingsResponse({ ...options, key, ledger: replayOrThrow(activities, method), hasHistory });
}

/** PUT /api/holdings/cost-basis-method: FIFO or average cost for this portfolio; the holdings by it. */
export async function setCostBasisMethod(
  options: UserRequest & { portfolio: string; method: CostBasisMethod },
): Promise<HoldingsResponse> {
  const ref = writableRef(options.portfolio);
  await withHistory({ ...options, ref }, async ({ tx, portfolio }) => {
    await updateCostBasisMethod(tx, portfolio.id, options.method);
  });
  return getHoldings(options);
}
