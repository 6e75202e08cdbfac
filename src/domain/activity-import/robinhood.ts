/**
 * Robinhood's account activity report: `"Activity Date","Process Date","Settle Date","Instrument",
 * "Description","Trans Code","Quantity","Price","Amount"`, M/D/YYYY dates, quantities always positive (the
 * Trans Code gives the direction), negative amounts in parentheses, descriptions over several lines
 * (`Ford Motor\nCUSIP: 345370860`), then a blank `""` line and a disclaimer row.
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

type Column = 'date' | 'instrument' | 'description' | 'code' | 'quantity' | 'price' | 'amount';

type Kind =
  | SkippedKind
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'interest'
  | 'lending'
  | 'interest paid'
  | 'fee'
  | 'tax'
  | 'cash flow'
  | 'transfer in'
  | 'transfer out'
  | 'split';

/** Robinhood's Trans Codes, upper case. */
const CODES: Readonly<Record<string, Kind>> = {
  BUY: 'buy',
  SELL: 'sell',
  CDIV: 'dividend',
  // A manufactured dividend: paid in place of the dividend while the shares were lent out.
  MDIV: 'dividend',
  INT: 'interest',
  SLIP: 'lending',
  MINT: 'interest paid',
  GOLD: 'fee',
  AFEE: 'fee',
  DFEE: 'fee',
  DTAX: 'tax',
  ACH: 'cash flow',
  RTP: 'cash flow',
  JNLC: 'cash flow',
  ACATI: 'transfer in',
  ACATO: 'transfer out',
  SPL: 'split',
  SSO: 'short',
  SSC: 'short',
  BTO: 'options',
  BTC: 'options',
  STO: 'options',
  STC: 'options',
  OEXP: 'options',
  OASGN: 'options',
  OEXCS: 'options',
  OCA: 'options',
  FUTSWP: 'sweep',
  SPR: 'corporate action',
  SXCH: 'corporate action',
  MRGS: 'corporate action',
  MRGC: 'corporate action',
  SOFF: 'corporate action',
  CONV: 'corporate action',
  CIL: 'cash in lieu',
  // A share journal says which shares moved, not which way.
  JNLS: 'unclear',
};

function readRobinhoodRow(cells: RowCells<Column>, line: number, out: HistoryBuilder): void {
  const code = cells('code').toUpperCase();
  const kind = CODES[code];
  if (kind === undefined) throw new RowIssue(SKIP.unknown(cells('code')));
  const date = dateCell(cells('date'), 'activity date');
  const instrument = cells('instrument');
  const quantity = () => numberCell(cells('quantity'), 'quantity');
  const amount = () => numberCell(cells('amount'), 'amount');
  const note = noteOf(cells('code'), cells('description'));

  switch (kind) {
    case 'buy':
    case 'sell':
      return out.trade(line, {
        type: kind,
        date,
        symbol: requireSymbol(instrument),
        quantity: quantity(),
        price: numberCell(cells('price'), 'price'),
        note,
      });
    case 'dividend':
      return out.cash(line, {
        type: 'dividend',
        date,
        symbol: requireSymbol(instrument),
        amount: amount(),
        note,
      });
    case 'interest':
    case 'fee':
    case 'tax':
      return out.cash(line, { type: kind, date, symbol: optionalSymbol(instrument), amount: amount(), note });
    case 'lending':
      // Stock lending income: what lent shares earned, paid as cash.
      return out.cash(line, {
        type: 'interest',
        date,
        symbol: requireSymbol(instrument),
        amount: amount(),
        note,
      });
    case 'interest paid':
      return out.cash(line, { type: 'fee', date, amount: amount(), note });
    case 'cash flow':
      return out.cashFlow(line, { date, amount: amount(), note });
    case 'transfer in':
    case 'transfer out': {
      const shares = quantity();
      if (shares === null) return out.cashFlow(line, { date, amount: amount(), note });
      const type = kind === 'transfer in' ? 'transfer_in' : 'transfer_out';
      return out.trade(line, {
        type,
        date,
        symbol: requireSymbol(instrument),
        quantity: shares,
        price: null,
        note,
      });
    }
    case 'split':
      return out.splitBySharesAdded(line, {
        date,
        symbol: requireSymbol(instrument),
        added: quantity(),
        note: code,
      });
    default:
      return skipRow(kind, code, instrument);
  }
}

const layout: HistoryLayout<Column> = {
  format: 'robinhood',
  label: 'Robinhood account activity report',
  columns: {
    date: ['activity date'],
    instrument: ['instrument'],
    description: ['description'],
    code: ['trans code'],
    quantity: ['quantity'],
    price: ['price'],
    amount: ['amount'],
  },
  isHeader: (names) => hasColumns(names, ['activity date', 'instrument', 'trans code', 'quantity', 'amount']),
  noHeader:
    'No Robinhood activity header found. Expected columns named "Activity Date", "Instrument", "Trans Code", "Quantity" and "Amount".',
  readRow: readRobinhoodRow,
};

export const robinhoodActivity = historyReader(layout);
