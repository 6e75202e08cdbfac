/**
 * What the US brokers' transaction histories (Schwab, Fidelity, Vanguard, E*TRADE, Robinhood) have in common,
 * shared by their readers: a header found by its column names, data rows under it with notes and footers
 * around them, cells read as exact numbers, dates and tickers, the reasons a row is skipped, and stock splits
 * that these files give as shares added rather than as a ratio.
 */
import { ACTIVITY_TYPE_LABELS, type ActivityType } from '../activities/activity';
import { holdingKey, isCusip, isOptionSymbol } from '../broker-csv/symbols';
import {
  CsvReadError,
  Decimal,
  parseAmount,
  parseIsoDate,
  parseUsDate,
  readActivityCsv,
  type CsvRow,
} from './cells';
import type {
  ActivityFileParse,
  ActivityFormat,
  ActivityFormatReader,
  ImportedActivity,
  ImportLineIssue,
} from './format';

/** Why a row is not imported. Stable texts: the preview shows them and the tests compare them. */
export const HISTORY_SKIP_REASONS = {
  options: 'options are not supported',
  short: 'short sales are not supported',
  sweep: 'a move between cash and the money-market core or sweep fund: cash, not a holding',
  bond: (id: string) => `a bond or bill (${id}): only securities with a ticker are supported`,
  redemption: 'a bond redemption: bonds are not supported',
  corporateAction: (action: string) =>
    `a corporate action (${action}) the history cannot express: add its effect by hand`,
  cusipLeg: (action: string, cusip: string) =>
    `the old security's leg of a corporate action (${action}, CUSIP ${cusip}): not a ticker`,
  cashInLieu: 'cash in lieu of a fractional share: the file does not give the fraction sold',
  noSymbol: 'no symbol',
  notATicker: (symbol: string) => `"${symbol}" is not a ticker symbol`,
  noAmount: 'no amount',
  zeroAmount: 'zero amount',
  noQuantity: 'no quantity',
  wrongSign: (label: string, amount: string) =>
    `a ${label} with the cash going the other way (${amount}): a refund or reversal the history cannot record`,
  splitRatioUnknown: (added: string) =>
    `a stock split that added ${added} shares: the file does not show the shares held before it, so the ratio is unknown; add the split by hand`,
  unknown: (action: string) => (action ? `"${action}" is not an activity this import knows` : 'no action'),
  unclear: (action: string) => `"${action}" does not say what it is: add it by hand if it matters`,
} as const;

/** Thrown while reading one row: the row is skipped with this message (an error or a stated reason). */
export class RowIssue extends Error {}

/** What every reader skips, whatever its own word for the row. */
export type SkippedKind =
  'short' | 'options' | 'sweep' | 'redemption' | 'corporate action' | 'cash in lieu' | 'unclear';

/** Skips a row the history cannot express; `action` is the file's word for it, `symbol` its symbol cell. */
export function skipRow(kind: SkippedKind, action: string, symbol = ''): never {
  switch (kind) {
    case 'short':
      throw new RowIssue(HISTORY_SKIP_REASONS.short);
    case 'options':
      throw new RowIssue(HISTORY_SKIP_REASONS.options);
    case 'sweep':
      throw new RowIssue(HISTORY_SKIP_REASONS.sweep);
    case 'redemption':
      throw new RowIssue(HISTORY_SKIP_REASONS.redemption);
    case 'corporate action':
      // Mergers, conversions and reverse splits come in two legs; the old security's is under its CUSIP.
      if (isCusip(symbol.trim())) throw new RowIssue(HISTORY_SKIP_REASONS.cusipLeg(action, symbol.trim()));
      throw new RowIssue(HISTORY_SKIP_REASONS.corporateAction(action));
    case 'cash in lieu':
      throw new RowIssue(HISTORY_SKIP_REASONS.cashInLieu);
    case 'unclear':
      throw new RowIssue(HISTORY_SKIP_REASONS.unclear(action));
  }
}

/** A header cell as compared: lower case, BOM and quotes dropped, spaces collapsed. */
export function headerName(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .replace(/"/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** How far into a file a header is looked for when detecting its format (Vanguard's follows its positions). */
const DETECT_LINES = 2_000;

/**
 * Whether a line of the file's first lines is a header that `isHeader` accepts, without reading the whole
 * file as CSV: header cells hold no commas or line breaks in these exports.
 */
export function hasHeaderLine(text: string, isHeader: (names: string[]) => boolean): boolean {
  let start = 0;
  for (let count = 0; count < DETECT_LINES && start < text.length; count += 1) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    if (line.length < 1_000 && isHeader(line.split(',').map(headerName))) return true;
    if (end === -1) break;
    start = end + 1;
  }
  return false;
}

/** Whether every one of the names is in the header. */
export function hasColumns(names: string[], wanted: readonly string[]): boolean {
  return wanted.every((name) => names.includes(name));
}

/** The cells of one data row by column name; '' for a column the file does not have. */
export type RowCells<K extends string> = (column: K) => string;

/** What one reader knows of its layout. */
export interface HistoryLayout<K extends string> {
  format: ActivityFormat;
  label: string;
  /** Header spellings of each column, lower case; the first present wins. */
  columns: Readonly<Record<K, readonly string[]>>;
  isHeader: (names: string[]) => boolean;
  /** The message when no header is found: which columns were expected. */
  noHeader: string;
  /** A row that ends the table or only describes it (`Transactions Total`): ignored. */
  isFooter?: (cells: RowCells<K>) => boolean;
  readRow: (cells: RowCells<K>, line: number, out: HistoryBuilder) => void;
}

/** A format reader of a layout: detected by its header among the first lines, read with `readHistory`. */
export function historyReader<K extends string>(layout: HistoryLayout<K>): ActivityFormatReader {
  return {
    format: layout.format,
    label: layout.label,
    detect: (file) => hasHeaderLine(file.text, layout.isHeader),
    parse: (file) => readHistory(file.text, layout),
  };
}

/** A row with at most two values and no date first: a title, a disclaimer line, `Date downloaded ...`. */
function isNoteRow(cells: string[]): boolean {
  const filled = cells.filter((cell) => cell.trim() !== '');
  const first = cells[0] ?? '';
  return filled.length <= 2 && parseUsDate(first) === null && parseIsoDate(first) === null;
}

/**
 * Reads a transaction history: the records after the first header the layout accepts (rows before it, such
 * as a title line or Vanguard's positions table, are not activities), each through `readRow`.
 */
export function readHistory<K extends string>(text: string, layout: HistoryLayout<K>): ActivityFileParse {
  const rows = readActivityCsv(text);
  const headerAt = rows.findIndex((row) => layout.isHeader(row.cells.map(headerName)));
  const header = rows[headerAt];
  if (!header) throw new CsvReadError(layout.noHeader);
  const names = header.cells.map(headerName);
  const index = new Map<K, number>();
  for (const [column, spellings] of Object.entries(layout.columns) as [K, readonly string[]][]) {
    const at = spellings.map((name) => names.indexOf(name)).find((i) => i >= 0);
    if (at !== undefined) index.set(column, at);
  }

  const out = new HistoryBuilder(layout.format);
  for (const row of rows.slice(headerAt + 1)) {
    if (isNoteRow(row.cells)) continue;
    const cells: RowCells<K> = (column) => {
      const at = index.get(column);
      return at === undefined ? '' : (row.cells[at] ?? '').trim();
    };
    if (layout.isFooter?.(cells)) continue;
    readRowOf(layout, cells, row, out);
  }
  return out.result();
}

function readRowOf<K extends string>(
  layout: HistoryLayout<K>,
  cells: RowCells<K>,
  row: CsvRow,
  out: HistoryBuilder,
): void {
  try {
    layout.readRow(cells, row.line, out);
  } catch (error) {
    if (!(error instanceof RowIssue)) throw error;
    out.skip(row.line, error.message);
  }
}

/** A date cell (`MM/DD/YYYY`, Schwab's `... as of ...`, or Vanguard's newer `YYYY-MM-DD`), or the row's error. */
export function dateCell(raw: string, column: string): string {
  if (raw === '') throw new RowIssue(`no ${column}`);
  const date = parseUsDate(raw) ?? parseIsoDate(raw);
  if (date === null) throw new RowIssue(`the ${column} "${raw}" is not a date (MM/DD/YYYY)`);
  return date;
}

/** A number cell (`$1,234.56`, `-$3320.05`, `($1,500.36)`), `null` when blank, or the row's error. */
export function numberCell(raw: string, column: string): Decimal | null {
  const value = parseAmount(raw);
  if (value === 'blank') return null;
  if (value === 'invalid') throw new RowIssue(`the ${column} "${raw}" is not a number`);
  return value;
}

/** Decimal as the ledger stores it: plain digits, never an exponent, no trailing zeros. */
export function decimalText(value: Decimal): string {
  return value.toFixed();
}

export type SymbolCell = { symbol: string } | { reason: string };

/** The security master's key for a symbol cell, or why it is not one (blank, option, CUSIP, not a ticker). */
export function readSymbol(raw: string): SymbolCell {
  const symbol = raw.trim().toUpperCase();
  if (symbol === '') return { reason: HISTORY_SKIP_REASONS.noSymbol };
  if (isOptionSymbol(symbol)) return { reason: HISTORY_SKIP_REASONS.options };
  if (isCusip(symbol)) return { reason: HISTORY_SKIP_REASONS.bond(`CUSIP ${symbol}`) };
  const key = holdingKey(symbol);
  return key === undefined ? { reason: HISTORY_SKIP_REASONS.notATicker(raw.trim()) } : { symbol: key };
}

/** The ticker a row needs, or the row is skipped with the reason it has none. */
export function requireSymbol(raw: string): string {
  const read = readSymbol(raw);
  if ('reason' in read) throw new RowIssue(read.reason);
  return read.symbol;
}

/** A ticker where the row has one; `null` for a cash row or a security without one (a bond's interest). */
export function optionalSymbol(raw: string): string | null {
  const read = readSymbol(raw);
  return 'symbol' in read ? read.symbol : null;
}

/** Money-market and core funds by name: Vanguard's settlement fund, Fidelity's core (as the positions import). */
const MONEY_MARKET_NAME = /\bMONEY MARKET\b|^FIMM\b/i;

export function isMoneyMarketName(name: string): boolean {
  return MONEY_MARKET_NAME.test(name);
}

/** Words of a note: the broker's own text, on one line. */
export function noteOf(...parts: string[]): string | null {
  const text = parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .join(' — ');
  return text === '' ? null : text;
}

interface Trade {
  type: 'buy' | 'sell' | 'transfer_in' | 'transfer_out';
  date: string;
  symbol: string;
  /** Shares, either sign as the file writes it: the type says the direction. */
  quantity: Decimal | null;
  price: Decimal | null;
  fee?: Decimal | null;
  currency?: string;
  note: string | null;
}

interface CashMove {
  type: 'dividend' | 'interest' | 'fee' | 'tax' | 'deposit' | 'withdrawal';
  date: string;
  symbol?: string | null;
  /** The signed cash of the row: in for a dividend, interest or deposit; out for a fee, tax or withdrawal. */
  amount: Decimal | null;
  currency?: string;
  note: string | null;
}

/** How each activity that moves shares changes a holding. */
const SHARES_SIGN: Partial<Record<ActivityType, 1 | -1>> = {
  buy: 1,
  transfer_in: 1,
  sell: -1,
  transfer_out: -1,
};

const CASH_OUT: ReadonlySet<ActivityType> = new Set(['fee', 'tax', 'withdrawal']);

interface SharesAddedSplit {
  line: number;
  date: string;
  symbol: string;
  added: Decimal;
  note: string | null;
}

/** Collects a file's activities and skipped rows, then settles its splits against the file's own positions. */
export class HistoryBuilder {
  private readonly activities: ImportedActivity[] = [];
  private readonly errors: ImportLineIssue[] = [];
  private readonly splits: SharesAddedSplit[] = [];

  constructor(private readonly format: ActivityFormat) {}

  skip(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  /** A buy, sell or transfer of shares; a price is required for a buy or sell, a cost is optional on a transfer in. */
  trade(line: number, trade: Trade): void {
    const quantity = trade.quantity?.abs();
    if (!quantity || quantity.isZero()) throw new RowIssue(HISTORY_SKIP_REASONS.noQuantity);
    const isTrade = trade.type === 'buy' || trade.type === 'sell';
    if (isTrade && trade.price === null) throw new RowIssue(`a ${trade.type} needs a price`);
    if (trade.price?.isNegative()) throw new RowIssue(`the price ${decimalText(trade.price)} is negative`);
    const fee = trade.fee?.abs();
    const keepsPrice = isTrade || trade.type === 'transfer_in';
    this.activities.push({
      line,
      type: trade.type,
      date: trade.date,
      symbol: trade.symbol,
      quantity: decimalText(quantity),
      price: keepsPrice && trade.price ? decimalText(trade.price) : null,
      fee: fee && !fee.isZero() ? decimalText(fee) : null,
      amount: null,
      currency: trade.currency ?? 'USD',
      note: trade.note,
    });
  }

  /** A cash activity; its amount's sign must be the type's direction. */
  cash(line: number, move: CashMove): void {
    const { amount } = move;
    if (amount === null) throw new RowIssue(HISTORY_SKIP_REASONS.noAmount);
    if (amount.isZero()) throw new RowIssue(HISTORY_SKIP_REASONS.zeroAmount);
    if (amount.isNegative() !== CASH_OUT.has(move.type)) {
      const label = ACTIVITY_TYPE_LABELS[move.type].toLowerCase();
      throw new RowIssue(HISTORY_SKIP_REASONS.wrongSign(label, decimalText(amount)));
    }
    const keepsSymbol = move.type !== 'deposit' && move.type !== 'withdrawal';
    this.activities.push({
      line,
      type: move.type,
      date: move.date,
      symbol: keepsSymbol ? (move.symbol ?? null) : null,
      quantity: null,
      price: null,
      fee: null,
      amount: decimalText(amount.abs()),
      currency: move.currency ?? 'USD',
      note: move.note,
    });
  }

  /** Cash in is a deposit, cash out a withdrawal (MoneyLink, wire, ACH, a cash journal). */
  cashFlow(line: number, move: Omit<CashMove, 'type'>): void {
    const type = move.amount?.isNegative() ? 'withdrawal' : 'deposit';
    this.cash(line, { ...move, type, symbol: null });
  }

  /** Shares moved in or out by the quantity's sign (a journal, an ACAT); a move of cash alone is a cash flow. */
  journal(
    line: number,
    move: Omit<CashMove, 'type'> & { quantity: Decimal | null; symbolCell: string },
  ): void {
    const { quantity, symbolCell, ...cash } = move;
    if (quantity === null || quantity.isZero()) return this.cashFlow(line, cash);
    // A journal's price, where given, is the broker's valuation of the shares moved, not their cost.
    this.trade(line, {
      type: quantity.isNegative() ? 'transfer_out' : 'transfer_in',
      date: move.date,
      symbol: requireSymbol(symbolCell),
      quantity,
      price: null,
      currency: move.currency,
      note: move.note,
    });
  }

  /** A split given as the shares it added (Schwab, Robinhood): its ratio is settled in `result`. */
  splitBySharesAdded(
    line: number,
    split: Omit<SharesAddedSplit, 'line' | 'added'> & { added: Decimal | null },
  ): void {
    const { added } = split;
    if (added === null || added.lessThanOrEqualTo(0)) throw new RowIssue(HISTORY_SKIP_REASONS.noQuantity);
    this.splits.push({ line, ...split, added });
  }

  result(): ActivityFileParse {
    this.settleSplits();
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    return {
      format: this.format,
      activities: this.activities.sort(byLine),
      errors: this.errors.sort(byLine),
    };
  }

  /**
   * A split's ratio is (held + added) / held, where held is what the file's own activities hold of the symbol
   * on the days before it. Taken only when the file shows a holding and the ratio is a plain one (at most four
   * decimals, above 1): otherwise the shares held before the file began are unknown and the row is skipped.
   */
  private settleSplits(): void {
    if (this.splits.length === 0) return;
    const bySymbol = new Map<string, { date: string; delta: (held: Decimal) => Decimal }[]>();
    const eventsOf = (symbol: string) => {
      const found = bySymbol.get(symbol);
      if (found) return found;
      const created: { date: string; delta: (held: Decimal) => Decimal }[] = [];
      bySymbol.set(symbol, created);
      return created;
    };
    for (const activity of this.activities) {
      const sign = SHARES_SIGN[activity.type];
      if (sign === undefined || activity.symbol === null || activity.quantity === null) continue;
      const shares = new Decimal(activity.quantity).times(sign);
      eventsOf(activity.symbol).push({ date: activity.date, delta: () => shares });
    }
    const pending = [...this.splits].sort((a, b) => a.date.localeCompare(b.date) || a.line - b.line);
    for (const split of pending) {
      const held = eventsOf(split.symbol)
        .filter((event) => event.date < split.date)
        .sort((a, b) => a.date.localeCompare(b.date))
        .reduce((sum, event) => sum.plus(event.delta(sum)), new Decimal(0));
      const ratio = held.greaterThan(0) ? held.plus(split.added).dividedBy(held) : null;
      if (ratio === null || ratio.decimalPlaces() > 4 || ratio.lessThanOrEqualTo(1)) {
        this.skip(split.line, HISTORY_SKIP_REASONS.splitRatioUnknown(decimalText(split.added)));
        continue;
      }
      eventsOf(split.symbol).push({ date: split.date, delta: (before) => before.times(ratio.minus(1)) });
      this.activities.push({
        line: split.line,
        type: 'split',
        date: split.date,
        symbol: split.symbol,
        quantity: decimalText(ratio),
        price: null,
        fee: null,
        amount: null,
        currency: 'USD',
        note: noteOf(
          split.note ?? '',
          `${decimalText(split.added)} shares added to the ${decimalText(held)} this file shows held`,
        ),
      });
    }
  }
}
