import { fromDayNumber, isIsoDate, toDayNumber } from '../calendar';
import { CSV_ERRORS, SKIP_REASONS, type BrokerCsvResult, type CsvBroker } from './brokers';
import { HoldingsBuilder, type PositionEntry } from './holdings';
import { parseQuantity, type Decimal } from './numbers';
import { CsvReadError, type CsvRow } from './read-csv';
import { classifyPosition, isTaxLot } from './symbols';

/** Header spellings, compared lower case with spaces collapsed. The first matching column wins. */
export const COLUMN_NAMES = {
  symbol: ['symbol', 'ticker', 'ticker symbol', 'symbol/cusip', 'stock symbol'],
  quantity: ['quantity', 'qty', 'shares', 'qty (quantity)', 'units', 'share count', 'number of shares'],
  description: ['description', 'investment name', 'security description', 'security name', 'name'],
  type: ['security type', 'asset type', 'asset class', 'asset category', 'type'],
  account: ['account number', 'account', 'account #', 'account name'],
  /** What the position cost in all (Fidelity, Schwab). */
  cost: ['cost basis total', 'cost basis'],
  /** What it cost a share (Fidelity's older and newer names, E*TRADE's), used where no total is given. */
  costPerShare: ['cost basis per share', 'average cost basis', 'price paid $'],
  /** Any of these makes a header a transaction history's, not a positions list's. */
  transaction: ['trans code', 'transaction type', 'action', 'trade date', 'activity date', 'run date'],
} as const;

const SYMBOL_NAMES: ReadonlySet<string> = new Set(COLUMN_NAMES.symbol);
const MAX_NAME_LENGTH = 32;

export interface Columns {
  symbol: number;
  quantity: number;
  description?: number;
  type?: number;
  account?: number;
  cost?: number;
  costPerShare?: number;
}

export function normalizeHeader(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

function columnOf(names: string[], wanted: readonly string[]): number | undefined {
  for (const name of wanted) {
    const index = names.indexOf(name);
    if (index >= 0) return index;
  }
  return undefined;
}

/** The positions columns of a header row; 'transactions' for a transaction history's header; else undefined. */
export function matchPositionsHeader(cells: string[]): Columns | 'transactions' | undefined {
  // Most rows are data: leave them at the first test, without normalizing every cell.
  if (!cells.some((cell) => cell.length <= MAX_NAME_LENGTH && SYMBOL_NAMES.has(normalizeHeader(cell)))) {
    return undefined;
  }
  const names = cells.map(normalizeHeader);
  const symbol = columnOf(names, COLUMN_NAMES.symbol);
  const quantity = columnOf(names, COLUMN_NAMES.quantity);
  if (symbol === undefined || quantity === undefined || symbol === quantity) return undefined;
  if (columnOf(names, COLUMN_NAMES.transaction) !== undefined) return 'transactions';
  const description = columnOf(names, COLUMN_NAMES.description);
  const type = columnOf(names, COLUMN_NAMES.type);
  const account = columnOf(names, COLUMN_NAMES.account);
  const cost = columnOf(names, COLUMN_NAMES.cost);
  const costPerShare = columnOf(names, COLUMN_NAMES.costPerShare);
  return {
    symbol,
    quantity,
    ...(description !== undefined ? { description } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(account !== undefined ? { account } : {}),
    ...(cost !== undefined ? { cost } : {}),
    ...(costPerShare !== undefined ? { costPerShare } : {}),
  };
}

/** Robinhood's activity report header: Instrument, Trans Code, Quantity. */
export function isRobinhoodActivityHeader(cells: string[]): boolean {
  const names = cells.map(normalizeHeader);
  return names.includes('instrument') && names.includes('trans code') && names.includes('quantity');
}

/** Statement section labels (Fidelity monthly statements): a one-cell row inside the table. */
const SECTION = /^(?:stocks|bonds|options|core account|mutual funds|exchange traded products|etps|other)$/i;
/** One-cell rows that name an account: Fidelity statements' `X12345678`, `U12349876`. */
const ACCOUNT_ID = /^[A-Z]{0,3}\d{5,}[A-Z0-9]*$/i;

export interface PositionsLayout {
  broker: CsvBroker;
  /** A one-cell row right before a header names the account of the block that follows (Schwab). */
  accountFromTitle?: (title: string) => string | undefined;
  /** Columns to use when the file has no header (generic symbol,quantity files). */
  fixedColumns?: Columns;
}

const LONE_VALUE_REASONS: ReadonlySet<string> = new Set([
  SKIP_REASONS.cash,
  SKIP_REASONS.total,
  SKIP_REASONS.pending,
  SKIP_REASONS.futures,
  SKIP_REASONS.cusip,
  SKIP_REASONS.noQuantity,
]);

const filled = (cells: string[]) => cells.filter((cell) => cell.trim() !== '');

/**
 * What `quantity` of a row cost: its total cost cell, else its cost per share × quantity; null where the file
 * gives none (`--`, `N/A`, `not applicable`, blank) or a number that cannot be a long position's cost (negative).
 */
function costOf(
  cell: (index: number | undefined) => string,
  columns: Columns,
  quantity: Decimal,
): Decimal | null {
  const readable = (index: number | undefined) => {
    if (index === undefined) return null;
    const value = parseQuantity(cell(index));
    return typeof value === 'object' && !value.isNegative() ? value : null;
  };
  const total = readable(columns.cost);
  if (total !== null) return total;
  const perShare = readable(columns.costPerShare);
  return perShare === null ? null : perShare.times(quantity);
}

/** A tax lot's `MM/DD/YYYY` symbol as `YYYY-MM-DD`; null when it is not a date. */
function acquiredOf(symbol: string): string | null {
  const [month = '', day = '', year = ''] = symbol.trim().split('/');
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(date) && fromDayNumber(toDayNumber(date)) === date ? date : null;
}

/**
 * Reads a positions table: a preamble (ignored), a header (found by its column names), position rows,
 * one-cell rows (titles, section labels, account ids, footers), and further blocks each with its own
 * header (several accounts in one file). A transaction history's header after the positions ends the
 * table (Vanguard's positions-and-transactions file). Quantities of a symbol are summed over rows; tax-lot
 * rows under a position (E*TRADE) are not holdings, as the position's quantity holds them, but its lots. Where a
 * header has a cost column, each row's cost (and each tax lot's acquisition date) is kept as a lot.
 */
export function readPositionsTable(rows: CsvRow[], layout: PositionsLayout): BrokerCsvResult {
  const out = new HoldingsBuilder();
  let columns: Columns | undefined = layout.fixedColumns;
  let sawTable = columns !== undefined;
  let sawTransactions = false;
  let sawRobinhood = false;
  let title: string | undefined;
  let section = '';
  /** The position row that tax-lot rows right under it belong to. */
  let position: PositionEntry | undefined;

  for (const row of rows) {
    const { cells } = row;
    const header = layout.fixedColumns ? undefined : matchPositionsHeader(cells);
    if (header === 'transactions') {
      sawTransactions = true;
      if (sawTable) break;
      continue;
    }
    if (header) {
      position = undefined;
      columns = header;
      if (header.cost !== undefined || header.costPerShare !== undefined) out.costColumn();
      sawTable = true;
      section = '';
      const account = title !== undefined ? layout.accountFromTitle?.(title) : undefined;
      if (account) out.account(account);
      title = undefined;
      continue;
    }
    const values = filled(cells);
    if (values.length <= 1) {
      position = undefined;
      title = values[0]?.trim();
      if (columns && title !== undefined) {
        if (SECTION.test(title)) section = title.toLowerCase();
        else if (ACCOUNT_ID.test(title)) out.account(title);
        // A lone value in the symbol column: a cash, total or CUSIP row, or a ticker without quantity,
        // is listed; anything else (an account title, a footer sentence) is not a row of the table.
        else if ((cells[columns.symbol] ?? '').trim() === title) {
          const classified = classifyPosition({ symbol: title, quantity: '', section });
          if ('reason' in classified && LONE_VALUE_REASONS.has(classified.reason)) {
            out.skip(row.line, classified.reason);
          }
        }
      }
      continue;
    }
    title = undefined;
    if (!columns) {
      if (isRobinhoodActivityHeader(cells)) sawRobinhood = true;
      continue;
    }
    const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? ''));
    // A tax lot is part of the position row above it, not a holding and not a skipped row.
    if (isTaxLot(cell(columns.symbol))) {
      const quantity = parseQuantity(cell(columns.quantity));
      if (position && typeof quantity === 'object' && quantity.isPositive() && !quantity.isZero()) {
        position.taxLots.push({
          quantity,
          cost: costOf(cell, columns, quantity),
          acquired: acquiredOf(cell(columns.symbol)),
          line: row.line,
        });
      }
      continue;
    }
    if (columns.account !== undefined) out.account(cell(columns.account));
    const classified = classifyPosition({
      symbol: cell(columns.symbol),
      quantity: cell(columns.quantity),
      description: cell(columns.description),
      type: cell(columns.type),
      section,
    });
    if ('reason' in classified) {
      out.skip(row.line, classified.reason);
      position = undefined;
    } else {
      const { symbol, quantity } = classified;
      position = out.position({ symbol, quantity, cost: costOf(cell, columns, quantity), line: row.line });
    }
  }

  if (!sawTable) {
    const hint = sawRobinhood ? CSV_ERRORS.hintRobinhood : sawTransactions ? CSV_ERRORS.hintTransactions : '';
    throw new CsvReadError(
      hint ? `${CSV_ERRORS.noHeader[layout.broker]} ${hint}` : CSV_ERRORS.noHeader[layout.broker],
    );
  }
  return out.result();
}
