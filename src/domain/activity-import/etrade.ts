/**
 * E*TRADE's transaction download (DownloadTxnHistory.csv): `For Account:,####2641`, a blank line, then
 * `TransactionDate, TransactionType, SecurityType, Symbol, Quantity, Amount, Price, Commission, Description`
 * with MM/DD/YY dates, unquoted, sells with a negative Quantity, descriptions in fixed-width columns run
 * together. A reinvested dividend is two `Dividend` rows: the cash (Quantity 0, Amount > 0) and the buy
 * (Quantity > 0, Amount < 0, Price 0, `REINVEST PRICE $ 13.94` in the description).
 */
import { parseUsDate } from './cells';
import {
  HISTORY_SKIP_REASONS as SKIP,
  RowIssue,
  hasColumns,
  historyReader,
  noteOf,
  numberCell,
  optionalSymbol,
  requireSymbol,
  skipRow,
  type SkippedKind,
  type HistoryBuilder,
  type HistoryLayout,
  type RowCells,
} from './history-table';

type Column =
  | 'date'
  | 'type'
  | 'securityType'
  | 'symbol'
  | 'quantity'
  | 'amount'
  | 'price'
  | 'commission'
  | 'description';

type Kind =
  | SkippedKind
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'interest'
  | 'interest paid'
  | 'fee'
  | 'tax'
  | 'cash flow'
  | 'transfer';

/** E*TRADE's TransactionType values, lower case. */
const TYPES: Readonly<Record<string, Kind>> = {
  bought: 'buy',
  sold: 'sell',
  dividend: 'dividend',
  'qualified dividend': 'dividend',
  'capital gain': 'dividend',
  interest: 'interest',
  'interest income': 'interest',
  'margin interest': 'interest paid',
  fee: 'fee',
  'service fee': 'fee',
  'tax withholding': 'tax',
  'foreign tax': 'tax',
  'foreign withholding': 'tax',
  deposit: 'cash flow',
  withdrawal: 'cash flow',
  'direct deposit': 'cash flow',
  'wire in': 'cash flow',
  'wire out': 'cash flow',
  'online transfer': 'cash flow',
  transfer: 'transfer',
  journal: 'transfer',
  'sold short': 'short',
  'bought to cover': 'short',
  'bought to open': 'options',
  'bought to close': 'options',
  'sold to open': 'options',
  'sold to close': 'options',
  'option expired': 'options',
  'option assigned': 'options',
  'option exercised': 'options',
  reorganization: 'corporate action',
  'stock split': 'corporate action',
  adjustment: 'unclear',
};

const SHORT_YEAR = /^(\d{1,2}\/\d{1,2}\/)(\d{2})$/;

/** `12/31/19` as `2019-12-31` (this download began in the 2000s), or a four-digit year as elsewhere. */
export function parseEtradeDate(raw: string): string | null {
  const match = SHORT_YEAR.exec(raw.trim());
  return parseUsDate(match ? `${match[1] ?? ''}20${match[2] ?? ''}` : raw);
}

const REINVEST_PRICE = /REINVEST PRICE \$\s*([\d,]*\.?\d+)/i;

function readEtradeRow(cells: RowCells<Column>, line: number, out: HistoryBuilder): void {
  const type = cells('type');
  const kind = TYPES[type.toLowerCase()];
  if (kind === undefined) throw new RowIssue(SKIP.unknown(type));
  const rawDate = cells('date');
  const date = parseEtradeDate(rawDate);
  if (date === null) throw new RowIssue(`the transaction date "${rawDate}" is not a date (MM/DD/YY)`);
  const securityType = cells('securityType').toUpperCase();
  if (securityType === 'OPTN') throw new RowIssue(SKIP.options);
  if (securityType === 'BOND') throw new RowIssue(SKIP.bond(cells('symbol') || cells('description')));
  const symbolCell = cells('symbol');
  const quantity = numberCell(cells('quantity'), 'quantity');
  const amount = () => numberCell(cells('amount'), 'amount');
  const note = noteOf(type, cells('description'));

  switch (kind) {
    case 'buy':
    case 'sell':
      return out.trade(line, {
        type: kind,
        date,
        symbol: requireSymbol(symbolCell),
        quantity,
        price: numberCell(cells('price'), 'price'),
        fee: numberCell(cells('commission'), 'commission'),
        note,
      });
    case 'dividend': {
      if (quantity?.greaterThan(0)) return readReinvestment(cells, line, out, date);
      return out.cash(line, {
        type: 'dividend',
        date,
        symbol: requireSymbol(symbolCell),
        amount: amount(),
        note,
      });
    }
    case 'interest':
    case 'fee':
    case 'tax':
      return out.cash(line, { type: kind, date, symbol: optionalSymbol(symbolCell), amount: amount(), note });
    case 'interest paid':
      return out.cash(line, { type: 'fee', date, amount: amount(), note });
    case 'cash flow':
      return out.cashFlow(line, { date, amount: amount(), note });
    case 'transfer':
      return out.journal(line, { date, quantity, symbolCell, amount: amount(), note });
    default:
      return skipRow(kind, type, symbolCell);
  }
}

/** The buy leg of a reinvested dividend: its price is in the description (the Price cell says 0). */
function readReinvestment(cells: RowCells<Column>, line: number, out: HistoryBuilder, date: string): void {
  const stated = REINVEST_PRICE.exec(cells('description'))?.[1];
  const cellPrice = numberCell(cells('price'), 'price');
  const price = stated ? numberCell(stated, 'reinvest price') : cellPrice?.isZero() ? null : cellPrice;
  out.trade(line, {
    type: 'buy',
    date,
    symbol: requireSymbol(cells('symbol')),
    quantity: numberCell(cells('quantity'), 'quantity'),
    price,
    note: noteOf('Dividend reinvestment', cells('description')),
  });
}

const layout: HistoryLayout<Column> = {
  format: 'etrade',
  label: 'E*TRADE transactions',
  columns: {
    date: ['transactiondate'],
    type: ['transactiontype'],
    securityType: ['securitytype'],
    symbol: ['symbol'],
    quantity: ['quantity'],
    amount: ['amount'],
    price: ['price'],
    commission: ['commission'],
    description: ['description'],
  },
  isHeader: (names) =>
    hasColumns(names, ['transactiondate', 'transactiontype', 'symbol', 'quantity', 'amount']),
  noHeader:
    'No E*TRADE transactions header found. Expected columns named "TransactionDate", "TransactionType", "Symbol", "Quantity" and "Amount".',
  readRow: readEtradeRow,
};

export const etradeTransactions = historyReader(layout);
