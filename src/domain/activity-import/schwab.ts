/**
 * Charles Schwab's brokerage transaction history (Accounts > History > Export): `Date, Action, Symbol,
 * Description, Quantity, Price, Fees & Comm, Amount`, quoted or not, with or without the older
 * `"Transactions  for account ..."` title line and trailing commas, ending in a `Transactions Total` row. Dates
 * may read `04/17/2023 as of 04/15/2023` (the first is the day it was booked). Newest first.
 */
import {
  HISTORY_SKIP_REASONS as SKIP,
  RowIssue,
  dateCell,
  historyReader,
  hasColumns,
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

type Column = 'date' | 'action' | 'symbol' | 'description' | 'quantity' | 'price' | 'fees' | 'amount';

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
  | 'journal'
  | 'split';

/** Schwab's Action values, lower case, by what they are. */
const ACTIONS: Readonly<Record<string, Kind>> = {
  buy: 'buy',
  'reinvest shares': 'buy',
  sell: 'sell',
  'cash dividend': 'dividend',
  'qualified dividend': 'dividend',
  'non-qualified div': 'dividend',
  'special qual div': 'dividend',
  'special non qual div': 'dividend',
  'pr yr cash div': 'dividend',
  'pr yr non-qual div': 'dividend',
  'pr yr special div': 'dividend',
  'reinvest dividend': 'dividend',
  'qual div reinvest': 'dividend',
  'pr yr div reinvest': 'dividend',
  'long term cap gain': 'dividend',
  'short term cap gain': 'dividend',
  'long term cap gain reinvest': 'dividend',
  'short term cap gain reinvest': 'dividend',
  'bank interest': 'interest',
  'credit interest': 'interest',
  'bond interest': 'interest',
  'margin interest': 'interest paid',
  'service fee': 'fee',
  'advisor fee': 'fee',
  'adr mgmt fee': 'fee',
  'foreign tax paid': 'tax',
  'nra withholding': 'tax',
  'nra tax adj': 'tax',
  'pr yr nra tax': 'tax',
  'moneylink deposit': 'cash flow',
  'moneylink transfer': 'cash flow',
  'wire funds': 'cash flow',
  'wire funds received': 'cash flow',
  'wire sent': 'cash flow',
  'wire received': 'cash flow',
  'atm withdrawal': 'cash flow',
  // Refunds the surcharge an ATM withdrawal paid out: the net cash that left is the withdrawal less it.
  'schwab atm rebate': 'cash flow',
  'internal transfer': 'cash flow',
  journal: 'journal',
  'journaled shares': 'journal',
  'security transfer': 'journal',
  'stock split': 'split',
  'sell short': 'short',
  'buy to cover': 'short',
  'buy to open': 'options',
  'buy to close': 'options',
  'sell to open': 'options',
  'sell to close': 'options',
  expired: 'options',
  assigned: 'options',
  'exchange or exercise': 'options',
  'reverse split': 'corporate action',
  'stock merger': 'corporate action',
  'cash merger': 'corporate action',
  'name change': 'corporate action',
  conversion: 'corporate action',
  'spin-off': 'corporate action',
  'stock div dist': 'corporate action',
  'full redemption': 'redemption',
  'full redemption adj': 'redemption',
  'partial redemption': 'redemption',
  'cash in lieu': 'cash in lieu',
  'misc cash entry': 'unclear',
};

function readSchwabRow(cells: RowCells<Column>, line: number, out: HistoryBuilder): void {
  const action = cells('action');
  const kind = ACTIONS[action.toLowerCase()];
  if (kind === undefined) throw new RowIssue(SKIP.unknown(action));
  const date = dateCell(cells('date'), 'date');
  const symbolCell = cells('symbol');
  const quantity = () => numberCell(cells('quantity'), 'quantity');
  const amount = () => numberCell(cells('amount'), 'amount');
  const note = noteOf(action, cells('description'));

  switch (kind) {
    case 'buy':
    case 'sell':
      return out.trade(line, {
        type: kind,
        date,
        symbol: requireSymbol(symbolCell),
        quantity: quantity(),
        price: numberCell(cells('price'), 'price'),
        fee: numberCell(cells('fees'), 'fees & comm'),
        note,
      });
    case 'dividend':
      return out.cash(line, {
        type: 'dividend',
        date,
        symbol: requireSymbol(symbolCell),
        amount: amount(),
        note,
      });
    case 'interest':
    case 'fee':
    case 'tax':
      return out.cash(line, { type: kind, date, symbol: optionalSymbol(symbolCell), amount: amount(), note });
    case 'interest paid':
      return out.cash(line, { type: 'fee', date, symbol: null, amount: amount(), note });
    case 'cash flow':
      return out.cashFlow(line, { date, amount: amount(), note });
    case 'journal':
      return out.journal(line, { date, quantity: quantity(), symbolCell, amount: amount(), note });
    case 'split':
      return out.splitBySharesAdded(line, {
        date,
        symbol: requireSymbol(symbolCell),
        added: quantity(),
        note: action,
      });
    default:
      return skipRow(kind, action, symbolCell);
  }
}

const layout: HistoryLayout<Column> = {
  format: 'schwab',
  label: 'Charles Schwab transaction history',
  columns: {
    date: ['date'],
    action: ['action'],
    symbol: ['symbol'],
    description: ['description'],
    quantity: ['quantity'],
    price: ['price'],
    fees: ['fees & comm'],
    amount: ['amount'],
  },
  isHeader: (names) => hasColumns(names, ['date', 'action', 'symbol', 'quantity', 'price', 'fees & comm']),
  noHeader:
    'No Schwab transactions header found. Expected columns named "Date", "Action", "Symbol", "Quantity", "Price" and "Fees & Comm".',
  isFooter: (cells) => /^transactions total$/i.test(cells('date')),
  readRow: readSchwabRow,
};

export const schwabHistory = historyReader(layout);
