/** A paper portfolio as a history (read-only): its starting balance as a deposit, then each fill. */
import type { Activity, ActivitySource } from '../../../contracts/activities';
import type { LedgerActivity } from '../../../domain/activities/ledger';
import { utcDateOf } from '../../../domain/calendar';
import type { Database } from '../../db/client';
import { readPaperFills } from '../paper-trading/service';
import { numberOf, orNotFound, type LedgerUser } from './portfolio-refs';

const PAPER_SOURCE: ActivitySource = { kind: 'paper' };

/** The paper portfolio `id` of the user as a history, with the same rows as the contract's activities. */
export async function paperHistory(
  options: { db: Database; user: LedgerUser },
  id: string,
): Promise<{ rows: LedgerActivity[]; activities: Activity[] }> {
  const paper = await orNotFound(
    readPaperFills({ db: options.db, userId: options.user.id, portfolioId: id }),
  );
  const rows: LedgerActivity[] = [
    {
      id,
      sequence: 0,
      type: 'deposit',
      date: utcDateOf(paper.createdAt),
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: paper.initialBalance,
      currency: 'USD',
      note: null,
    },
    ...paper.fills.map((fill, i): LedgerActivity => ({
      id: fill.id,
      sequence: i + 1,
      type: fill.side,
      date: utcDateOf(fill.executedAt),
      symbol: fill.symbol,
      quantity: String(fill.quantity),
      price: fill.price,
      fee: null,
      amount: null,
      currency: 'USD',
      note: null,
    })),
  ];
  const portfolio = `paper:${id}`;
  const activities = rows.map((row): Activity => ({
    id: row.id,
    portfolio,
    type: row.type,
    date: row.date,
    symbol: row.symbol,
    quantity: numberOf(row.quantity),
    price: numberOf(row.price),
    fee: null,
    amount: numberOf(row.amount),
    currency: row.currency,
    note: null,
    source: PAPER_SOURCE,
  }));
  return { rows, activities };
}
