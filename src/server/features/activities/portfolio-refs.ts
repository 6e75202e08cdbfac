/**
 * Where an activity ledger's portfolio lives (docs/decisions/036): its key (`me`, `account:<id>`, `client:<id>`,
 * `paper:<id>`), its map (symbol -> quantity) read and written through the owning feature, and the conversions
 * between the activity table's rows, the domain's ledger activities and the contract's activities.
 */
import { ACTIVITIES_MESSAGES as M, type Activity, type ActivitySource } from '../../../contracts/activities';
import { AppError } from '../../../contracts/errors';
import type { User } from '../../../contracts/accounts';
import type { ActivityType } from '../../../domain/activities/activity';
import type { Ledger, LedgerActivity } from '../../../domain/activities/ledger';
import { Decimal } from '../../../domain/paper-trading';
import { assertFeature } from '../../auth/guards';
import type { Executor } from '../../db/client';
import { readClientHoldings, writeClientHoldings } from '../clients/service';
import { readAccountHoldings, writeAccountHoldings } from '../portfolio-accounts/service';
import { readSavedHoldings, writeSavedHoldings } from '../portfolio/service';
import type { ActivityRow, PortfolioOwner } from './repository';

export type PortfolioRef =
  | { kind: 'me' }
  | { kind: 'account'; id: string }
  | { kind: 'client'; id: string }
  | { kind: 'paper'; id: string };

/** `me`, `account:<id>`, ... as the contract's pattern has checked it (lower-cased). */
export function parsePortfolioKey(key: string): PortfolioRef {
  if (key === 'me') return { kind: 'me' };
  const [kind, id = ''] = key.split(':') as ['account' | 'client' | 'paper', string];
  return { kind, id };
}

export function keyOf(ref: PortfolioRef): string {
  return ref.kind === 'me' ? 'me' : `${ref.kind}:${ref.id}`;
}

/** Whose ledger: a signed-in user, or an API token's owner (/api/v1); the plan gates the kinds of portfolio. */
export type LedgerUser = Pick<User, 'id' | 'plan'>;

export const notFound = () => new AppError('NOT_FOUND', M.portfolioNotFound);

// ----------------------------------------------------------------------------------------- the map

export interface HoldingsMap {
  holdings: Record<string, number>;
  updatedAt: Date;
}

/** Where a portfolio's map lives: the saved portfolio, an account or a client (each read through its feature). */
export interface MapStore {
  read(db: Executor): Promise<HoldingsMap | undefined>;
  write(db: Executor, holdings: Record<string, number>): Promise<void>;
  owner: PortfolioOwner;
}

/** A foreign or unknown account or client is the ledger's 404, whatever its feature calls it. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/** The map of a portfolio the user may use: plan gates as the owning features (accounts Premium, clients Professional). */
export function mapStoreOf(user: LedgerUser, ref: Exclude<PortfolioRef, { kind: 'paper' }>): MapStore {
  const userId = user.id;
  if (ref.kind === 'me') {
    return {
      owner: {},
      read: (db) => readSavedHoldings({ db, userId }),
      write: (db, holdings) => writeSavedHoldings({ db, userId, holdings }),
    };
  }
  if (ref.kind === 'account') {
    assertFeature(user.plan, 'multi-account-aggregation');
    return {
      owner: { accountId: ref.id },
      read: (db) => orNotFound(readAccountHoldings({ db, userId, accountId: ref.id })),
      write: (db, holdings) => writeAccountHoldings({ db, userId, accountId: ref.id, holdings }),
    };
  }
  assertFeature(user.plan, 'multi-client');
  return {
    owner: { clientId: ref.id },
    read: (db) => orNotFound(readClientHoldings({ db, userId, clientId: ref.id })),
    write: (db, holdings) => writeClientHoldings({ db, userId, clientId: ref.id, holdings }),
  };
}

/** A map's quantity as an activity's: its shortest decimal spelling, to the ledger's 10 decimals. */
export function quantityText(value: number | Decimal): string {
  return new Decimal(value).toDecimalPlaces(10).toFixed();
}

/** The map the ledger writes: each open position's quantity. */
export function mapOfLedger(ledger: Ledger): Record<string, number> {
  const map: Record<string, number> = {};
  for (const holding of ledger.holdings) {
    if (holding.quantity.gt(0)) map[holding.symbol] = holding.quantity.toNumber();
  }
  return map;
}

export function sameMap(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((symbol) => a[symbol] === b[symbol]);
}

export { unknownCostTransfer as transfer } from '../../../domain/activities/activity';

// -------------------------------------------------------------------------------------- conversions

export function toLedgerActivity(row: ActivityRow): LedgerActivity {
  return {
    id: row.id,
    sequence: row.sequence,
    type: row.type as ActivityType,
    date: row.date,
    symbol: row.symbol,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    amount: row.amount,
    currency: row.currency,
    note: row.note,
  };
}

export const numberOf = (value: string | null) => (value === null ? null : Number(value));

function sourceOf(row: ActivityRow): ActivitySource {
  if (row.source === 'import') {
    return {
      kind: 'import',
      importId: row.importId ?? '',
      fileName: row.fileName ?? '',
      line: row.line ?? 0,
    };
  }
  return { kind: row.source };
}

export function toActivity(row: ActivityRow, portfolio: string): Activity {
  return {
    id: row.id,
    portfolio,
    type: row.type as ActivityType,
    date: row.date,
    symbol: row.symbol,
    quantity: numberOf(row.quantity),
    price: numberOf(row.price),
    fee: numberOf(row.fee),
    amount: numberOf(row.amount),
    currency: row.currency,
    note: row.note,
    source: sourceOf(row),
  };
}
