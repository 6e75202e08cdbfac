/**
 * Fidelity's account history (`Accounts_History.csv`, `History_for_Account_X....csv`): a `Run Date, ...,
 * Action, Symbol, ..., Quantity, Price ($), Commission ($), Fees ($), Accrued Interest ($), Amount ($),
 * Settlement Date` table, in each layout the downloads have used: blank-comma lines before the header, the
 * multi-currency columns (`Exchange Quantity`, `Currency`, `Exchange Rate`), the all-accounts columns
 * (`Account`, `Account Number`), Price before or after Quantity; the disclaimer and `Date downloaded` after the
 * rows. The Action cell says what a row is (` YOU BOUGHT ... (VT) (Cash)`, with leading spaces in older files).
 */
import {
  HISTORY_SKIP_REASONS as SKIP,
  RowIssue,
  dateCell,
  historyReader,
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

type Column =
  | 'date'
  | 'account'
  | 'accountNumber'
  | 'action'
  | 'symbol'
  | 'description'
  | 'quantity'
  | 'price'
  | 'commission'
  | 'fees'
  | 'amount'
  | 'currency';

type Kind =
  | SkippedKind
  | 'buy'
  | 'sell'
  | 'reinvestment'
  | 'dividend'
  | 'interest'
  | 'fee'
  | 'tax'
  | 'cash flow'
  | 'transfer';

/** Action openings, tried in order (a short sale before a sale). */
const ACTIONS: readonly (readonly [RegExp, Kind])[] = [
  [/^(?:YOU SOLD SHORT|YOU BOUGHT SHORT COVER|SHORT SALE|SHORT COVER)\b/, 'short'],
  [/\b(?:OPENING|CLOSING) TRANSACTION\b|^(?:ASSIGNED|EXPIRED|EXERCISED)\b/, 'options'],
  [/^YOU BOUGHT\b/, 'buy'],
  [/^YOU SOLD\b/, 'sell'],
  [/^REINVESTMENT\b/, 'reinvestment'],
  [/^(?:DIVIDEND RECEIVED|LONG-TERM CAP GAIN|SHORT-TERM CAP GAIN|CAPITAL GAIN)\b/, 'dividend'],
  [/^(?:INTEREST EARNED|MUNI EXEMPT INT|INTEREST)\b/, 'interest'],
  [/^(?:FOREIGN TAX PAID|NON-RESIDENT TAX|TAX WITHHELD)\b/, 'tax'],
  [/^(?:FEE CHARGED|ADVISORY FEE|MARGIN INTEREST|ADR FEE)\b/, 'fee'],
  [
    /^(?:DIRECT DEPOSIT|DIRECT DEBIT|ELECTRONIC FUNDS TRANSFER|CHECK RECEIVED|CHECK PAID|BILL PAYMENT|WIRE TRANSFER|CASH CONTRIBUTION|CONTRIBUTION|PARTIC CONTR|DEPOSIT|WITHDRAWAL)\b/,
    'cash flow',
  ],
  [/^(?:TRANSFERRED (?:TO|FROM)|TRANSFER OF ASSETS|JOURNALED)\b/, 'transfer'],
  [/^(?:PURCHASE INTO CORE|REDEMPTION FROM CORE)\b/, 'sweep'],
  [/^(?:REDEMPTION PAYOUT|REDEMPTION FROM)\b/, 'redemption'],
  // DISTRIBUTION brings a split's, a stock dividend's or a spin-off's shares alike: the row does not say which.
  [
    /^(?:MERGER|REVERSE SPLIT|DISTRIBUTION|SPIN ?OFF|EXCHANGED|NAME CHANGE|CONVERSION|TENDERED)\b/,
    'corporate action',
  ],
];

/** ` YOU BOUGHT ... (VT) (Cash)` as `YOU BOUGHT ... (VT)`: the account type adds nothing. */
function actionText(raw: string): string {
  return raw
    .replace(/\s*\((?:Cash|Margin|Shares)\)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The core position (the money-market fund cash sits in): `CASH`, or a money-market fund by name. */
function isCore(description: string): boolean {
  const name = description.trim().toUpperCase();
  return name === 'CASH' || isMoneyMarketName(name);
}

function readFidelityRow(cells: RowCells<Column>, line: number, out: HistoryBuilder): void {
  const action = actionText(cells('action'));
  const upper = action.toUpperCase();
  const kind = ACTIONS.find(([pattern]) => pattern.test(upper))?.[1];
  if (kind === undefined) throw new RowIssue(SKIP.unknown(action));
  const date = dateCell(cells('date'), 'run date');
  const symbolCell = cells('symbol');
  const core = isCore(cells('description'));
  const currency = currencyOf(cells('currency'));
  const amount = () => numberCell(cells('amount'), 'amount');
  const quantity = () => numberCell(cells('quantity'), 'quantity');
  const note = noteOf(
    [cells('account'), cells('accountNumber')].filter(Boolean).join(' '),
    action,
    describedInAction(action, symbolCell) ? '' : cells('description'),
  );

  switch (kind) {
    case 'buy':
    case 'sell':
    case 'reinvestment': {
      if (core) throw new RowIssue(SKIP.sweep);
      const commission = numberCell(cells('commission'), 'commission');
      const fees = numberCell(cells('fees'), 'fees');
      return out.trade(line, {
        type: kind === 'sell' ? 'sell' : 'buy',
        date,
        symbol: requireSymbol(symbolCell),
        quantity: quantity(),
        price: numberCell(cells('price'), 'price'),
        fee: commission && fees ? commission.plus(fees) : (commission ?? fees),
        currency,
        note,
      });
    }
    case 'dividend':
      // The core's dividend is what the cash earned: interest, as cash is not a holding.
      if (core) return out.cash(line, { type: 'interest', date, amount: amount(), currency, note });
      return out.cash(line, {
        type: 'dividend',
        date,
        symbol: requireSymbol(symbolCell),
        amount: amount(),
        currency,
        note,
      });
    case 'interest':
    case 'fee':
    case 'tax':
      return out.cash(line, {
        type: kind,
        date,
        symbol: core ? null : optionalSymbol(symbolCell),
        amount: amount(),
        currency,
        note,
      });
    case 'cash flow':
      return out.cashFlow(line, { date, amount: amount(), currency, note });
    case 'transfer':
      return out.journal(line, { date, quantity: quantity(), symbolCell, amount: amount(), currency, note });
    default:
      // `MERGER MER FROM 54211N101#REOR ...`: the first word names the action.
      return skipRow(kind, action.split(' ')[0] ?? action, symbolCell);
  }
}

/** Newer files name the security in the Action (`... (VT)`); older ones only in the Description. */
function describedInAction(action: string, symbol: string): boolean {
  return symbol.trim() === '' || action.includes(`(${symbol.trim()})`);
}

function currencyOf(raw: string): string {
  const code = raw.toUpperCase();
  if (code === '') return 'USD';
  if (!/^[A-Z]{3}$/.test(code)) throw new RowIssue(`the currency "${raw}" is not a currency code`);
  return code;
}

const layout: HistoryLayout<Column> = {
  format: 'fidelity',
  label: 'Fidelity account history',
  columns: {
    date: ['run date'],
    account: ['account'],
    accountNumber: ['account number'],
    action: ['action'],
    symbol: ['symbol'],
    description: ['description', 'security description'],
    quantity: ['quantity'],
    price: ['price ($)', 'price'],
    commission: ['commission ($)', 'commission'],
    fees: ['fees ($)', 'fees'],
    amount: ['amount ($)', 'amount'],
    currency: ['currency'],
  },
  isHeader: (names) =>
    ['run date', 'action', 'symbol', 'quantity'].every((name) => names.includes(name)) &&
    (names.includes('amount ($)') || names.includes('amount')),
  noHeader:
    'No Fidelity history header found. Expected columns named "Run Date", "Action", "Symbol", "Quantity" and "Amount ($)".',
  readRow: readFidelityRow,
};

export const fidelityHistory = historyReader(layout);
