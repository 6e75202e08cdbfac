/**
 * Multi-account aggregation (spec 000 §2, §3, §7): a premium user's accounts, valued together.
 *
 * Every answer that values accounts asks the market-data service once, for the symbols of all the accounts
 * together (one batch; quotes are cached), then the domain's aggregation values each account and combines the
 * holdings. A symbol nobody can quote is worth 0 (spec 000 §7). The prices' sources come along, so simulated
 * ones are labelled on screen.
 *
 * Demo accounts stand for linked accounts (`isManual` false): they are not deletable (spec 000 §5 "remove
 * (manual only)"). Accounts saved from the form or an import are manual.
 */
import { AppError } from '../../../contracts/errors';
import {
  PORTFOLIO_ACCOUNT_MESSAGES as M,
  type ManualAccountResponse,
  type PortfolioAccount,
  type PortfolioAccountListResponse,
} from '../../../contracts/portfolio-accounts';
import {
  aggregateAccounts,
  DEMO_ACCOUNTS,
  PORTFOLIO_ACCOUNT_LIMITS,
} from '../../../domain/portfolio-accounts';
import type { AccountType } from '../../../domain/portfolio-accounts';
import type { Database, Executor } from '../../db/client';
import { isUuid } from '../../lib/uuid';
import type { MarketDataService } from '../market-data/service';
import {
  deleteManualAccount,
  findAccountHoldings,
  findAccounts,
  insertAccountRows,
  insertAccounts,
  touchAccounts,
  updateAccountHoldings,
  type InsertOutcome,
  type NewPortfolioAccount,
  type PortfolioAccountRow,
} from './repository';

export interface PortfolioAccountsContext {
  db: Database;
  marketData: MarketDataService;
}

interface UserRequest extends PortfolioAccountsContext {
  userId: string;
}

async function valueAccounts(
  options: UserRequest & { rows: readonly PortfolioAccountRow[] },
): Promise<PortfolioAccountListResponse> {
  const { rows } = options;
  const symbols = [...new Set(rows.flatMap((row) => Object.keys(row.holdings)))];
  // One batch in USD for every account (none for no symbols: no accounts, or only empty ones).
  const { prices: usd, sources } = await options.marketData.getUsdPrices(symbols, { userId: options.userId });
  const prices: Record<string, number | null> = {};
  for (const symbol of symbols) prices[symbol] = usd[symbol]?.price ?? null;

  const aggregation = aggregateAccounts(rows, prices);
  return {
    accounts: rows.map((row, i): PortfolioAccount => ({
      id: row.id,
      accountType: row.accountType,
      accountName: row.accountName,
      holdings: row.holdings,
      totalValue: aggregation.accountValues[i] ?? 0,
      isManual: row.isManual,
      lastUpdated: row.lastUpdated.toISOString(),
    })),
    totalValue: aggregation.totalValue,
    combinedHoldings: Object.fromEntries(
      Object.entries(aggregation.combinedHoldings).map(([symbol, holding]) => [
        symbol,
        { ...holding, accounts: [...holding.accounts] },
      ]),
    ),
    sources,
    isSimulated: sources.includes('simulated'),
  };
}

function insertedOrThrow(outcome: InsertOutcome): PortfolioAccountRow[] {
  if ('inserted' in outcome) return outcome.inserted;
  throw outcome.rejected === 'limit'
    ? new AppError('CONFLICT', M.tooManyAccounts)
    : new AppError('CONFLICT', M.demoExists);
}

/** GET /api/portfolio-accounts: the accounts, their total and the combined holdings. */
export async function listPortfolioAccounts(options: UserRequest): Promise<PortfolioAccountListResponse> {
  return valueAccounts({ ...options, rows: await findAccounts(options.db, options.userId) });
}

/** POST /api/portfolio-accounts/manual: a manual account (the form, or a saved import); 409 past the limit. */
export async function addManualAccount(
  options: UserRequest & {
    account: { accountType: AccountType; accountName: string; holdings: Record<string, number> };
  },
): Promise<ManualAccountResponse> {
  const row: NewPortfolioAccount = { ...options.account, isManual: true };
  const inserted = insertedOrThrow(
    await insertAccounts(options.db, options.userId, [row], {
      max: PORTFOLIO_ACCOUNT_LIMITS.maxAccounts,
      onlyWhenEmpty: false,
    }),
  );
  const { accounts } = await valueAccounts({ ...options, rows: inserted });
  const [account] = accounts;
  if (!account) throw new Error('portfolio_account insert returned no row');
  return { account };
}

/** POST /api/portfolio-accounts/demo: the three sample accounts, only while the user has none (else 409). */
export async function createDemoAccounts(options: UserRequest): Promise<PortfolioAccountListResponse> {
  insertedOrThrow(
    await insertAccounts(
      options.db,
      options.userId,
      DEMO_ACCOUNTS.map((demo) => ({ ...demo, holdings: { ...demo.holdings }, isManual: false })),
      { max: PORTFOLIO_ACCOUNT_LIMITS.maxAccounts, onlyWhenEmpty: true },
    ),
  );
  return listPortfolioAccounts(options);
}

/** DELETE /api/portfolio-accounts/{id}: 404 for an id that is not one of the user's accounts, 403 for a non-manual one. */
export async function deletePortfolioAccount(
  options: Pick<UserRequest, 'db' | 'userId'> & { id: string },
): Promise<void> {
  if (!isUuid(options.id)) throw new AppError('NOT_FOUND', M.notFound);
  const outcome = await deleteManualAccount(options.db, options.userId, options.id);
  if (outcome === 'not-found') throw new AppError('NOT_FOUND', M.notFound);
  if (outcome === 'not-manual') throw new AppError('FORBIDDEN', M.notManual);
}

/** POST /api/portfolio-accounts/sync: every account re-valued at current quotes and stamped `lastUpdated`. */
export async function syncPortfolioAccounts(options: UserRequest): Promise<PortfolioAccountListResponse> {
  return valueAccounts({ ...options, rows: await touchAccounts(options.db, options.userId) });
}

/**
 * An account's holdings map and when it last changed, for the activity ledger (decision 036), on the ledger's
 * transaction: 404 'Account not found' when the id is not one of the user's accounts.
 */
export async function readAccountHoldings(options: {
  db: Executor;
  userId: string;
  accountId: string;
}): Promise<{ holdings: Record<string, number>; updatedAt: Date }> {
  const row = isUuid(options.accountId)
    ? await findAccountHoldings(options.db, options.userId, options.accountId)
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return { holdings: row.holdings, updatedAt: row.lastUpdated };
}

/** Writes an account's holdings map from the ledger's derived holdings, in the ledger's transaction. */
export async function writeAccountHoldings(options: {
  db: Executor;
  userId: string;
  accountId: string;
  holdings: Record<string, number>;
}): Promise<void> {
  if (!(await updateAccountHoldings(options.db, options.userId, options.accountId, options.holdings))) {
    throw new AppError('NOT_FOUND', M.notFound);
  }
}

/**
 * Moving in (decision 039), on the caller's transaction, which holds the user's row locked: the user's accounts
 * with their holdings, and a manual account added without another count (the move-in counts against the limit).
 */
export function readAccountsToMoveInto(options: { db: Executor; userId: string }) {
  return findAccounts(options.db, options.userId);
}

export async function addMovedAccount(options: {
  db: Executor;
  userId: string;
  account: { accountType: AccountType; accountName: string; holdings: Record<string, number> };
}): Promise<string> {
  const [row] = await insertAccountRows(options.db, options.userId, [{ ...options.account, isManual: true }]);
  if (!row) throw new Error('portfolio_account insert returned no row');
  return row.id;
}
