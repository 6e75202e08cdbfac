/**
 * Vanguard's transaction history: the second table of `OfxDownload.csv` (`Account Number, Trade Date,
 * Settlement Date, Transaction Type, Transaction Description, Investment Name, Symbol, Shares, Share Price,
 * Principal Amount, Commission(s) (and) Fees, Net Amount, Accrued Interest, Account Type`), after the positions
 * table and blank lines, every line ending in a comma. Shares are negative on sales and outgoing transfers;
 * bills and the settlement fund may have no symbol.
 */
import {
  HISTORY_SKIP_REASONS as SKIP,
  RowIssue,
  dateCell,
  historyReader,
  hasColumns,
  isMoneyMarketName,
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

type Column = 'date' | 'type' | 'description' | 'name' | 'symbol' | 'shares' | 'price' | 'fees' | 'amount';

type Kind =
  SkippedKind | 'buy' | 'sell' | 'dividend' | 'interest' | 'fee' | 'tax' | 'cash flow' | 'transfer' | 'split';

/** Vanguard's Transaction Type values, lower case. */
const TYPES: Readonly<Record<string, Kind>> = {
  buy: 'buy',
  reinvestment: 'buy',
  'reinvestment (lt gain)': 'buy',
  'reinvestment (st gain)': 'buy',
  sell: 'sell',
  dividend: 'dividend',
  'capital gain (lt)': 'dividend',
  'capital gain (st)': 'dividend',
  interest: 'interest',
  fee: 'fee',
  'foreign tax withholding': 'tax',
  'tax withholding': 'tax',
  'funds received': 'cash flow',
  withdrawal: 'cash flow',
  'wire transfer': 'cash flow',
  'transfer (incoming)': 'transfer',
  'transfer (outgoing)': 'transfer',
  'stock split': 'split',
  'sweep in': 'sweep',
  'sweep out': 'sweep',
  'corp action (redemption)': 'redemption',
  'short sale': 'short',
  'buy to cover': 'short',
  'buy to open': 'options',
  'buy to close': 'options',
  'sell to open': 'options',
  'sell to close': 'options',
  'corp action (exchange)': 'corporate action',
  'corp action (merger)': 'corporate action',
  'corp action (spinoff)': 'corporate action',
  'conversion (incoming)': 'corporate action',
  'conversion (outgoing)': 'corporate action',
  exchange: 'corporate action',
  distribution: 'corporate action',
};

/** Bills, notes and CDs are named, never given a symbol. */
const FIXED_INCOME_NAME = /\b(?:TREASURY|BILL|BOND|NOTE|CPN|CD)\b/i;

function securityOf(cells: RowCells<Column>): string {
  const name = cells('name').replace(/\s+/g, ' ');
  if (cells('symbol') === '' && FIXED_INCOME_NAME.test(name)) throw new RowIssue(SKIP.bond(name));
  return requireSymbol(cells('symbol'));
}

function readVanguardRow(cells: RowCells<Column>, line: number, out: HistoryBuilder): void {
  const type = cells('type');
  const kind = TYPES[type.toLowerCase()];
  if (kind === undefined) throw new RowIssue(SKIP.unknown(type));
  const date = dateCell(cells('date'), 'trade date');
  // The settlement fund is cash: trades in it are sweeps and its dividends what the cash earned.
  const settlementFund = isMoneyMarketName(cells('name'));
  const amount = () => numberCell(cells('amount'), 'net amount');
  const shares = () => numberCell(cells('shares'), 'shares');
  const note = noteOf(cells('description'), cells('name'));

  switch (kind) {
    case 'buy':
    case 'sell':
      if (settlementFund) throw new RowIssue(SKIP.sweep);
      return out.trade(line, {
        type: kind,
        date,
        symbol: securityOf(cells),
        quantity: shares(),
        price: numberCell(cells('price'), 'share price'),
        fee: numberCell(cells('fees'), 'commission fees'),
        note,
      });
    case 'dividend':
      if (settlementFund) return out.cash(line, { type: 'interest', date, amount: amount(), note });
      return out.cash(line, { type: 'dividend', date, symbol: securityOf(cells), amount: amount(), note });
    case 'interest':
    case 'fee':
    case 'tax':
      return out.cash(line, {
        type: kind,
        date,
        symbol: optionalSymbol(cells('symbol')),
        amount: amount(),
        note,
      });
    case 'cash flow':
      return out.cashFlow(line, { date, amount: amount(), note });
    case 'transfer': {
      const quantity = shares();
      const direction = quantity?.isNegative() ? 'transfer_out' : 'transfer_in';
      return out.trade(line, {
        type: direction,
        date,
        symbol: securityOf(cells),
        quantity,
        price: null,
        note,
      });
    }
    case 'split':
      return out.splitBySharesAdded(line, { date, symbol: securityOf(cells), added: shares(), note: type });
    default:
      return skipRow(kind, type, cells('symbol'));
  }
}

const layout: HistoryLayout<Column> = {
  format: 'vanguard',
  label: 'Vanguard transaction history',
  columns: {
    date: ['trade date'],
    type: ['transaction type'],
    description: ['transaction description'],
    name: ['investment name'],
    symbol: ['symbol'],
    shares: ['shares'],
    price: ['share price'],
    fees: ['commissions and fees', 'commission fees'],
    amount: ['net amount'],
  },
  isHeader: (names) =>
    hasColumns(names, ['trade date', 'transaction type', 'investment name', 'shares', 'net amount']),
  noHeader:
    'No Vanguard transactions header found. Expected columns named "Trade Date", "Transaction Type", "Investment Name", "Shares" and "Net Amount".',
  readRow: readVanguardRow,
};

export const vanguardHistory = historyReader(layout);
