/**
 * Wealthfolio's activity CSV: `date,type,symbol,instrumentType,quantity,unit_price,currency,fee,amount,comment,
 * fxRate,subtype` (its app's sample), the camelCase variant (`activityType`, `unitPrice`) and older files without
 * `instrumentType`. Types and subtypes as Wealthfolio documents them (docs/activities/activity-types.md): a DRIP
 * dividend is the dividend and the buy of its shares; a split's ratio is its amount; cash rows may carry
 * quantity 1 and unit price 1, which mean nothing.
 */
import type { ActivityDraft, ActivityType } from '../activities/activity';
import { listingCurrency } from '../security-master';
import type { Decimal } from './cells';
import {
  ParseCollector,
  csvRowsOf,
  currencyCode,
  dateOfIsoDateTime,
  decimalOf,
  decimalText,
  draft,
  leadingRows,
  securityKey,
} from './fields';
import type { ActivityFormatReader } from './format';

/** Header names without case, spaces or underscores (`unit_price` and `unitPrice` are `unitprice`). */
const squash = (cell: string) => cell.trim().toLowerCase().replace(/[\s_]/g, '');

const FIELDS = {
  date: ['date'],
  type: ['type', 'activitytype'],
  symbol: ['symbol'],
  instrumentType: ['instrumenttype'],
  quantity: ['quantity'],
  unitPrice: ['unitprice'],
  currency: ['currency'],
  fee: ['fee'],
  amount: ['amount'],
  comment: ['comment'],
  subtype: ['subtype'],
} as const;
type Field = keyof typeof FIELDS;

function columnsOf(header: readonly string[]): Partial<Record<Field, number>> {
  const names = header.map(squash);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(FIELDS) as Field[]) {
    const index = names.findIndex((name) => (FIELDS[field] as readonly string[]).includes(name));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}

/** Wealthfolio types that are the ledger's own, and those Foliowise has no type for. */
const TYPES: Readonly<Record<string, ActivityType>> = {
  BUY: 'buy',
  SELL: 'sell',
  DIVIDEND: 'dividend',
  INTEREST: 'interest',
  DEPOSIT: 'deposit',
  WITHDRAWAL: 'withdrawal',
  FEE: 'fee',
  TAX: 'tax',
  SPLIT: 'split',
  TRANSFER_IN: 'transfer_in',
  TRANSFER_OUT: 'transfer_out',
  ADD_HOLDING: 'transfer_in',
  REMOVE_HOLDING: 'transfer_out',
};

export const WEALTHFOLIO_REASONS = {
  extraCells: (cells: number, header: number) =>
    `the row has ${cells} cells and the header ${header}: a comma too many`,
  type: (raw: string) => `type "${raw}" is not a Wealthfolio activity type`,
  credit: 'a credit (refund, rebate or bonus), which Foliowise has no type for',
  adjustment: (raw: string) => `an ${raw} activity, which Wealthfolio leaves to be reviewed`,
  date: (raw: string) => `date "${raw}" is not a date (YYYY-MM-DD)`,
  currency: (raw: string) => `currency "${raw}" is not a currency code`,
  notANumber: (field: string, raw: string) => `${field} "${raw}" is not a number`,
  notATicker: (raw: string) => `"${raw}" is not a ticker symbol`,
  noSymbol: 'no symbol',
  options: 'options are not supported',
  noPrice: 'no unit price',
  noQuantity: 'no quantity',
  noAmount: 'no amount (nor quantity and unit price)',
  noRatio: 'a split needs its ratio in the amount column',
} as const;

type Row = Partial<Record<Field, string>>;

/** A Wealthfolio symbol: crypto (`BTC-USD`, as Yahoo writes it, when instrumentType says CRYPTO) as `CRYPTO:BTC`. */
function symbolOf(row: Row): { symbol: string | null } | { reason: string } {
  const raw = row.symbol?.trim() ?? '';
  if (raw === '') return { symbol: null };
  const instrument = (row.instrumentType ?? '').trim().toUpperCase();
  if (instrument === 'OPTION') return { reason: WEALTHFOLIO_REASONS.options };
  const isCrypto = instrument === 'CRYPTO';
  const key = securityKey(isCrypto ? raw.replace(/-[A-Za-z]{3}$/, '') : raw, isCrypto);
  return key === undefined ? { reason: WEALTHFOLIO_REASONS.notATicker(raw) } : { symbol: key };
}

/** One row's activities (a DRIP dividend is two), or why it has none. */
function activitiesOf(row: Row): ActivityDraft[] | { reason: string } {
  const rawType = (row.type ?? '').trim().toUpperCase();
  if (rawType === 'CREDIT') return { reason: WEALTHFOLIO_REASONS.credit };
  if (rawType === 'ADJUSTMENT' || rawType === 'UNKNOWN')
    return { reason: WEALTHFOLIO_REASONS.adjustment(rawType) };
  const type = TYPES[rawType];
  if (type === undefined) return { reason: WEALTHFOLIO_REASONS.type(row.type ?? '') };
  const date = dateOfIsoDateTime(row.date ?? '');
  if (date === undefined) return { reason: WEALTHFOLIO_REASONS.date(row.date ?? '') };

  const numbers: Partial<Record<'quantity' | 'unitPrice' | 'fee' | 'amount', Decimal>> = {};
  for (const field of ['quantity', 'unitPrice', 'fee', 'amount'] as const) {
    const value = decimalOf(row[field] ?? '');
    if (value === 'invalid') return { reason: WEALTHFOLIO_REASONS.notANumber(field, row[field] ?? '') };
    if (value !== null) numbers[field] = value.abs();
  }
  const { quantity, unitPrice, fee, amount } = numbers;
  const resolved = symbolOf(row);
  if ('reason' in resolved) return resolved;
  const { symbol } = resolved;
  // A split moves no money and Wealthfolio's sample names no currency for it: its listing's is taken.
  const listed = type === 'split' && symbol !== null ? listingCurrency(symbol) : undefined;
  const currency = currencyCode(row.currency ?? '') ?? listed;
  if (currency === undefined) return { reason: WEALTHFOLIO_REASONS.currency(row.currency ?? '') };
  const note = row.comment?.trim() || null;
  const base = { date, currency, note };
  const feeText = fee === undefined || fee.isZero() ? null : decimalText(fee);

  switch (type) {
    case 'buy':
    case 'sell':
    case 'transfer_in':
    case 'transfer_out': {
      // Wealthfolio's cash transfers between its accounts: money into or out of this portfolio.
      if (symbol === null && (type === 'transfer_in' || type === 'transfer_out')) {
        if (amount === undefined) return { reason: WEALTHFOLIO_REASONS.noAmount };
        const cashType = type === 'transfer_in' ? 'deposit' : 'withdrawal';
        return [draft({ ...base, type: cashType, amount: decimalText(amount) })];
      }
      if (symbol === null) return { reason: WEALTHFOLIO_REASONS.noSymbol };
      if (quantity === undefined) return { reason: WEALTHFOLIO_REASONS.noQuantity };
      if (unitPrice === undefined && (type === 'buy' || type === 'sell'))
        return { reason: WEALTHFOLIO_REASONS.noPrice };
      return [
        draft({
          ...base,
          type,
          symbol,
          quantity: decimalText(quantity),
          price: unitPrice === undefined || type === 'transfer_out' ? null : decimalText(unitPrice),
          fee: feeText,
        }),
      ];
    }
    case 'split':
      if (symbol === null) return { reason: WEALTHFOLIO_REASONS.noSymbol };
      if (amount === undefined || amount.isZero()) return { reason: WEALTHFOLIO_REASONS.noRatio };
      return [draft({ ...base, type, symbol, quantity: decimalText(amount) })];
    case 'dividend': {
      if (symbol === null) return { reason: WEALTHFOLIO_REASONS.noSymbol };
      const perShare = quantity !== undefined && unitPrice !== undefined;
      const cash = amount ?? (perShare ? quantity.times(unitPrice) : undefined);
      if (cash === undefined) return { reason: WEALTHFOLIO_REASONS.noAmount };
      const isDrip = (row.subtype ?? '').trim().toUpperCase() === 'DRIP';
      // Quantity and unit price are the shares paid on when they make the amount, and otherwise the DRIP's buy.
      const dividend = draft({
        ...base,
        type,
        symbol,
        amount: decimalText(cash),
        quantity: amount === undefined && !isDrip && perShare ? decimalText(quantity) : null,
        price: amount === undefined && !isDrip && perShare ? decimalText(unitPrice) : null,
      });
      if (!isDrip) return [dividend];
      if (!perShare) return { reason: WEALTHFOLIO_REASONS.noQuantity };
      const buy = draft({
        ...base,
        type: 'buy',
        symbol,
        quantity: decimalText(quantity),
        price: decimalText(unitPrice),
      });
      return [dividend, buy];
    }
    default: {
      // Cash: interest, deposit, withdrawal, fee, tax. A fee row may keep its money in the fee column.
      const cash = amount ?? (type === 'fee' ? fee : undefined);
      if (cash === undefined) return { reason: WEALTHFOLIO_REASONS.noAmount };
      const keepsSymbol = type === 'interest' || type === 'fee' || type === 'tax';
      return [draft({ ...base, type, symbol: keepsSymbol ? symbol : null, amount: decimalText(cash) })];
    }
  }
}

export const wealthfolioCsv: ActivityFormatReader = {
  format: 'wealthfolio',
  label: 'Wealthfolio activities (CSV)',
  detect(file) {
    const columns = columnsOf(leadingRows(file, 1)[0]?.cells ?? []);
    return (['date', 'type', 'symbol', 'quantity', 'unitPrice', 'currency', 'amount'] as const).every(
      (field) => columns[field] !== undefined,
    );
  },
  parse(file) {
    const [header, ...rows] = csvRowsOf(file);
    const width = header?.cells.length ?? 0;
    const columns = columnsOf(header?.cells ?? []);
    const out = new ParseCollector('wealthfolio');
    for (const { line, cells } of rows) {
      // A cell too many shifts every later one (Wealthfolio's own sample has such a row): never read it.
      if (cells.length > width) {
        out.skip(line, WEALTHFOLIO_REASONS.extraCells(cells.length, width));
        continue;
      }
      const row: Row = {};
      for (const field of Object.keys(columns) as Field[]) {
        const index = columns[field];
        if (index !== undefined) row[field] = cells[index] ?? '';
      }
      const read = activitiesOf(row);
      if ('reason' in read) out.skip(line, read.reason);
      else for (const activity of read) out.add(line, activity);
    }
    return out.result();
  },
};
