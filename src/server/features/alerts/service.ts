/**
 * Custom alerts and daily snapshots (spec 000 §2 'Daily Snapshots & Alerts', §3, §7; decision 027).
 *
 * - Conditions are saved as a whole list per user; the evaluation job (every minute, registry.ts) reads every
 *   enabled condition, the saved portfolios and latest snapshots they need (one query per table), one batch
 *   of quotes, and fires or re-arms them in two statements: a crossing fires once, across instances, because
 *   the statement that records the alert is the one that disarms the condition (repository.ts).
 * - Stock conditions are evaluated while the US session is open, crypto ones around the clock.
 * - With SMTP configured, a fired alert is mailed to its owner, at most once per condition and UTC day.
 * - Snapshots: a portfolio's value per New York trading day, its gain/loss against the previous one; the daily
 *   job streams the saved portfolios and the active client portfolios in batches of SNAPSHOT_BATCH_SIZE.
 * - Each portfolio has its own conditions, alerts and snapshots: the user's saved portfolio, and each client
 *   portfolio of a Professional user (decision 032). A client's rest while it is archived or its owner is on
 *   another plan.
 */
import type {
  AlertConditionInput,
  AlertConditionsResponse,
  AlertsResponse,
  LatestSnapshotResponse,
  Snapshot,
} from '../../../contracts/alerts';
import type { User } from '../../../contracts/accounts';
import { PORTFOLIO_MESSAGES } from '../../../contracts/analysis';
import { AppError } from '../../../contracts/errors';
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  alertMessageShown,
  evaluateCondition,
  isSymbolLive,
  isUsMarketOpen,
  snapshotFigures,
  type ConditionReading,
} from '../../../domain/alerts';
import { lastCompletedTradingDay, localDateOf, utcDateOf } from '../../../domain/calendar';
import { otherKindKey, symbolNotFoundMessage } from '../../../domain/symbol-kind';
import { assertFeature } from '../../auth/guards';
import type { Database } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import type { Mailer } from '../../providers/mail';
import { composeMail } from '../../providers/mail';
import { findClientHoldings } from '../clients/service';
import { valueHoldings, type MarketDataService } from '../market-data/service';
import {
  acknowledgeAlert,
  claimDailyMailings,
  fireConditions,
  latestSnapshotValues,
  listConditions,
  listEnabledConditions,
  listOpenAlerts,
  listPortfolioBatch,
  listPortfolioHoldings,
  listSnapshots,
  portfolioIdOf,
  rearmConditions,
  replaceConditions,
  upsertSnapshots,
  type ConditionRow,
  type FiringInput,
  type PortfolioHoldingsRow,
  type PortfolioScope,
  type SnapshotRow,
} from './repository';

export interface AlertsContext {
  db: Database;
  /** Prices in USD (batch) and ticker spelling: the market-data service. */
  marketData: Pick<MarketDataService, 'getUsdPrices' | 'resolveSymbol'>;
  /** Set only when SMTP is configured: fired alerts are mailed through it. */
  mailer: Mailer | undefined;
  publicUrl: string;
}

/** Saved portfolios per batch of the snapshot job: memory stays flat however many there are. */
export const SNAPSHOT_BATCH_SIZE = 500;
const NEW_YORK = 'America/New_York';

const toCondition = (row: ConditionRow) => ({
  id: row.id,
  type: row.type,
  symbol: row.symbol,
  threshold: row.threshold,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The portfolio a request is about: the user's own, or with `clientId` one of their clients (403 naming
 * Professional on another plan; 404 'Client not found' for an id that is not one of theirs).
 */
export async function portfolioScopeOf(options: {
  db: Database;
  user: User;
  clientId: string | undefined;
}): Promise<PortfolioScope> {
  const { db, user, clientId } = options;
  if (clientId === undefined) return { userId: user.id, clientId: null };
  assertFeature(user.plan, 'multi-client');
  const client = await findClientHoldings({ db, userId: user.id, clientId });
  return { userId: user.id, clientId: client.id };
}

export async function getConditions(options: {
  db: Database;
  scope: PortfolioScope;
}): Promise<AlertConditionsResponse> {
  return { conditions: (await listConditions(options.db, options.scope)).map(toCondition) };
}

/**
 * Saves the portfolio's whole list; symbols take the market-data service's spelling (400 for a malformed one).
 * A symbol not already in the list must be one a source finds (the security master, else a quote): an alert
 * on 'BTC' saved as a stock would never fire (issue 25 item 3). 400 'We could not find BTC as a stock or
 * fund. BTC is a crypto: choose Crypto.' when the other kind exists, else 'We could not find ZZZZQ. Check the
 * spelling.' Symbols already saved are not asked again, so the list can always be re-saved.
 */
export async function saveConditions(
  options: AlertsContext & { scope: PortfolioScope; conditions: readonly AlertConditionInput[] },
): Promise<AlertConditionsResponse> {
  const { marketData } = options;
  const conditions = options.conditions.map((condition) =>
    condition.symbol === null
      ? condition
      : { ...condition, symbol: marketData.resolveSymbol(condition.symbol).symbol },
  );
  const saved = new Set((await listConditions(options.db, options.scope)).map((row) => row.symbol));
  const asked = [
    ...new Set(conditions.flatMap((c) => (c.symbol !== null && !saved.has(c.symbol) ? [c.symbol] : []))),
  ].filter((symbol) => marketData.resolveSymbol(symbol).entry === undefined);
  if (asked.length > 0) {
    const { errors } = await marketData.getUsdPrices(asked);
    const missing = asked.find((symbol) => symbol in errors);
    if (missing !== undefined) throw symbolNotFound(missing, marketData);
  }
  const rows = await replaceConditions(options.db, options.scope, conditions);
  return { conditions: rows.map(toCondition) };
}

function symbolNotFound(key: string, marketData: AlertsContext['marketData']): AppError {
  const message = symbolNotFoundMessage(key, marketData.resolveSymbol(otherKindKey(key)).entry !== undefined);
  return new AppError('VALIDATION_ERROR', message, { fields: { symbol: message } });
}

export async function getOpenAlerts(options: {
  db: Database;
  scope: PortfolioScope;
}): Promise<AlertsResponse> {
  const rows = await listOpenAlerts(options.db, options.scope, ALERT_LIMITS.listedAlerts);
  return {
    alerts: rows.map((row) => ({
      ...row,
      message: alertMessageShown(row.message),
      triggeredAt: row.triggeredAt.toISOString(),
    })),
  };
}

export async function acknowledge(options: { db: Database; userId: string; alertId: string }): Promise<void> {
  if (!isUuid(options.alertId) || !(await acknowledgeAlert(options.db, options.userId, options.alertId))) {
    throw new AppError('NOT_FOUND', ALERT_MESSAGES.alertNotFound);
  }
}

export async function getLatestSnapshot(options: {
  db: Database;
  scope: PortfolioScope;
}): Promise<LatestSnapshotResponse> {
  const history = await listSnapshots(options.db, options.scope, ALERT_LIMITS.snapshotHistory);
  return { snapshot: history.at(-1) ?? null, history };
}

/** Σ quantity × price of the quoted holdings; simulated when any price was. */
/** One batch of portfolios as the day's snapshots: one quote batch, one read, one write. */
async function snapshotBatch(
  context: Pick<AlertsContext, 'db' | 'marketData'>,
  portfolios: readonly PortfolioHoldingsRow[],
  date: string,
): Promise<SnapshotRow[]> {
  const symbols = [...new Set(portfolios.flatMap((p) => Object.keys(p.holdings)))];
  const [prices, previous] = await Promise.all([
    context.marketData.getUsdPrices(symbols),
    latestSnapshotValues(
      context.db,
      portfolios.map((p) => p.portfolioId),
      date,
    ),
  ]);
  const rows = portfolios.map((portfolio) => {
    // Valued from the batch in USD (a listing outside the US at the day's rate), as the analyzer values it.
    const { value, isSimulated } = valueHoldings(portfolio.holdings, prices);
    return {
      userId: portfolio.userId,
      clientId: portfolio.clientId,
      date,
      ...snapshotFigures(value, previous.get(portfolio.portfolioId) ?? null),
      isSimulated,
    };
  });
  await upsertSnapshots(context.db, rows);
  return rows;
}

/** POST /api/snapshots/generate: today's (New York) snapshot of the portfolio, replaced if there is one. */
export async function generateSnapshot(
  options: Pick<AlertsContext, 'db' | 'marketData'> & { scope: PortfolioScope; now: Date },
): Promise<Snapshot> {
  const { scope } = options;
  const [portfolio] = await listPortfolioHoldings(
    options.db,
    scope.clientId === null ? [scope.userId] : [],
    scope.clientId === null ? [] : [scope.clientId],
  );
  if (!portfolio || Object.keys(portfolio.holdings).length === 0) {
    throw new AppError('VALIDATION_ERROR', PORTFOLIO_MESSAGES.empty);
  }
  const [row] = await snapshotBatch(options, [portfolio], localDateOf(options.now, NEW_YORK));
  if (!row) throw new Error('snapshot batch returned no row');
  const { userId: _userId, clientId: _clientId, ...snapshot } = row;
  return snapshot;
}

/**
 * The daily job: every saved and active client portfolio's snapshot for the last completed US session, in
 * batches (keyset on the portfolio id). It runs once per UTC day, at 00:00 UTC, which is always after the 16:00
 * New York close.
 */
export async function snapshotAllPortfolios(
  context: Pick<AlertsContext, 'db' | 'marketData'>,
  now: Date,
): Promise<number> {
  const date = lastCompletedTradingDay(now);
  let after: string | null = null;
  let stored = 0;
  for (;;) {
    const batch = await listPortfolioBatch(context.db, after, SNAPSHOT_BATCH_SIZE);
    const nonEmpty = batch.filter((p) => Object.keys(p.holdings).length > 0);
    if (nonEmpty.length > 0) stored += (await snapshotBatch(context, nonEmpty, date)).length;
    if (batch.length < SNAPSHOT_BATCH_SIZE) return stored;
    after = batch.at(-1)?.portfolioId ?? null;
  }
}

export interface EvaluationResult {
  evaluated: number;
  fired: number;
  rearmed: number;
  mailed: number;
}

/**
 * One evaluation pass over every enabled condition: one query per table read, one batch of quotes, one
 * statement to fire and one to re-arm, then the day's e-mails (when SMTP is configured).
 */
export async function evaluateAlerts(context: AlertsContext, now: Date): Promise<EvaluationResult> {
  const { db } = context;
  const conditions = await listEnabledConditions(db);
  const onPortfolio = conditions.filter((c) => c.symbol === null);
  const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id) => id !== null))];
  const [portfolioRows, snapshotValues] = await Promise.all([
    listPortfolioHoldings(
      db,
      distinct(onPortfolio.map((c) => (c.clientId === null ? c.userId : null))),
      distinct(onPortfolio.map((c) => c.clientId)),
    ),
    latestSnapshotValues(db, distinct(onPortfolio.filter((c) => c.type === 'gain_loss').map(portfolioIdOf))),
  ]);
  const marketOpen = isUsMarketOpen(now);
  // A portfolio moves while the session is open, or around the clock when it holds crypto.
  const livePortfolios = new Map(
    portfolioRows
      .filter((p) => marketOpen || Object.keys(p.holdings).some((symbol) => isSymbolLive(symbol, now)))
      .map((p) => [p.portfolioId, p.holdings]),
  );
  const live = conditions.filter((c) =>
    c.symbol === null ? livePortfolios.has(portfolioIdOf(c)) : isSymbolLive(c.symbol, now),
  );
  const symbols = new Set<string>();
  for (const c of live) {
    if (c.symbol !== null) symbols.add(c.symbol);
  }
  for (const holdings of livePortfolios.values())
    for (const symbol of Object.keys(holdings)) symbols.add(symbol);
  const batch = await context.marketData.getUsdPrices([...symbols]);
  const { prices } = batch;

  const firings: FiringInput[] = [];
  const rearm: string[] = [];
  for (const condition of live) {
    const reading: ConditionReading = {};
    let isSimulated = false;
    if (condition.symbol !== null) {
      const found = prices[condition.symbol];
      reading.price = found?.price ?? null;
      reading.changePercent = found?.changePercent ?? null;
      isSimulated = found?.source === 'simulated';
    } else {
      const valued = valueHoldings(livePortfolios.get(portfolioIdOf(condition)) ?? {}, batch);
      reading.portfolioValue = valued.value;
      reading.latestSnapshotValue = snapshotValues.get(portfolioIdOf(condition)) ?? null;
      isSimulated = valued.isSimulated;
    }
    const outcome = evaluateCondition(condition, reading);
    if (outcome.state === 'true' && condition.armed) {
      firings.push({
        conditionId: condition.id,
        severity: outcome.severity,
        message: outcome.message,
        isSimulated,
      });
    } else if (outcome.state === 'false' && !condition.armed) {
      rearm.push(condition.id);
    }
  }
  const fired = await fireConditions(db, firings, now);
  const rearmed = await rearmConditions(db, rearm);
  const mailed = context.mailer ? await mailFiredAlerts(context, context.mailer, fired, now) : 0;
  return { evaluated: live.length, fired: fired.length, rearmed, mailed };
}

async function mailFiredAlerts(
  context: AlertsContext,
  mailer: Mailer,
  fired: readonly { conditionId: string; clientId: string | null; message: string }[],
  now: Date,
): Promise<number> {
  const claimed = await claimDailyMailings(
    context.db,
    fired.map((f) => f.conditionId),
    utcDateOf(now),
  );
  const firedOf = new Map(fired.map((f) => [f.conditionId, f]));
  const sent = await Promise.all(
    claimed.map(({ conditionId, email }) => {
      const alert = firedOf.get(conditionId);
      // A client's alert opens the analyzer on that client, where its alerts are.
      const path = alert?.clientId ? `/app?client=${alert.clientId}` : '/app';
      return mailer.send(
        composeMail(email, ALERT_MAIL_SUBJECT, [
          alert?.message ?? '',
          { label: 'See your alerts', url: `${context.publicUrl}${path}` },
          'You get at most one e-mail a day per alert condition. Change your conditions on the Daily Snapshots & Alerts tab.',
        ]),
      );
    }),
  );
  return sent.filter(Boolean).length;
}

export const ALERT_MAIL_SUBJECT = 'Foliowise alert';
