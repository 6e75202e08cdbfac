/**
 * Interactive Brokers Activity Statement (CSV): every row is `<Section>,<Header|Data|SubTotal|Total|Notes>,...`,
 * each section with its own header (Trades has a second one for Forex). Read: Trades (stocks, funds and crypto
 * bought and sold), Dividends and Withholding Tax, each row in its own currency. A stock's listing comes from
 * the statement's Financial Instrument Information section (`VOD` listed on LSE is `VOD.L`). Every other
 * activity section (deposits, fees, interest, ...) is skipped row by row with the reason; summary sections
 * (net asset value, positions, ...) are not activities and are passed over.
 */
import type { ActivityType } from '../activities/activity';
import type { CsvRow, Decimal } from './cells';
import {
  ParseCollector,
  csvRowsOf,
  decimalOf,
  decimalText,
  currencyCode,
  draft,
  isoDate,
  leadingRows,
  normalizeName,
  securityKey,
} from './fields';
import type { ActivityFormatReader } from './format';

/** IBKR's listing exchanges and the suffix of a symbol listed there, as Yahoo and the security master write it. */
const LISTING_SUFFIXES: Readonly<Record<string, string>> = {
  NASDAQ: '',
  NYSE: '',
  ARCA: '',
  AMEX: '',
  BATS: '',
  IEX: '',
  PINK: '',
  LSE: '.L',
  LSEETF: '.L',
  IBIS: '.DE',
  IBIS2: '.DE',
  FWB: '.F',
  FWB2: '.F',
  SWB: '.SG',
  TSE: '.TO',
  VENTURE: '.V',
  TSEJ: '.T',
  SEHK: '.HK',
  ASX: '.AX',
  EBS: '.SW',
  SBF: '.PA',
  AEB: '.AS',
  'ENEXT.BE': '.BR',
  BVME: '.MI',
  'BVME.ETF': '.MI',
  BM: '.MC',
  SFB: '.ST',
  CPH: '.CO',
  OSE: '.OL',
  VSE: '.VI',
};

/** Activity sections this reader does not import: each of their rows is listed with this reason. */
const SECTIONS_NOT_READ = new Set([
  'Deposits & Withdrawals',
  'Fees',
  'Interest',
  'Payment In Lieu Of Dividends',
  'Corporate Actions',
  'Transfers',
  'Other Fees',
  'Sales Tax Details',
  'Stock Yield Enhancement Program Securities Lent Interest Details',
]);

export const IBKR_REASONS = {
  sectionNotRead: (section: string) => `the ${section} section is not imported`,
  transactionHistory:
    "IBKR's Transaction History report does not give each row's currency: export the Activity Statement as CSV instead",
  total: 'a total, not an activity',
  closedLot: 'a lot closed by the sale above, counted in it',
  notATrade: (discriminator: string) => `a ${discriminator} row, not a trade`,
  forex: 'a currency conversion (Forex), not a holding',
  options: 'options are not supported',
  futures: 'futures are not supported',
  bonds: 'bonds are not supported',
  category: (category: string) => `${category} are not supported`,
  shortSale: 'a short sale (it opens a short position): short positions are not supported',
  coverShort: 'a buy that closes a short position: short positions are not supported',
  noDate: (raw: string) => `"${raw}" is not a date`,
  noQuantity: 'no quantity',
  notANumber: (field: string, raw: string) => `${field} "${raw}" is not a number`,
  zero: (field: string) => `zero ${field}`,
  noPrice: 'no price',
  currency: (raw: string) => `"${raw}" is not a currency code`,
  noListing: (symbol: string) =>
    `no listing for ${symbol} in the statement's Financial Instrument Information section`,
  unknownExchange: (symbol: string, exchange: string) =>
    `${symbol} is listed on ${exchange}, an exchange Foliowise does not name`,
  notATicker: (symbol: string) => `"${symbol}" is not a ticker symbol`,
  noSymbol: 'no symbol in the description',
  reversedBy: (line: number) => `reversed by line ${line}`,
  reverses: (line: number) => `reverses line ${line}`,
  dividendReversal: 'a dividend reversal with no dividend to reverse in this statement',
  taxRefund: 'a withholding tax refund with no tax to reverse in this statement',
} as const;

type Columns = ReadonlyMap<string, number>;

function columnsOf(row: CsvRow): Columns {
  return new Map(row.cells.map((cell, index) => [normalizeName(cell), index]));
}

function cellOf(row: CsvRow, columns: Columns | undefined, name: string): string {
  const index = columns?.get(name);
  return index === undefined ? '' : (row.cells[index]?.trim() ?? '');
}

/** `2023-08-10, 09:43:45`, `2023-08-10 09:43:45`, `2023-08-10` or `20230810`. */
function statementDate(raw: string): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[,;\s].*)?$/.exec(raw.trim());
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  return isoDate(year, month, day);
}

/** Listing exchange by symbol, from Financial Instrument Information (`Symbol`, `Listing Exch`). */
function listingsOf(rows: readonly CsvRow[]): Map<string, string> {
  const listings = new Map<string, string>();
  let columns: Columns | undefined;
  for (const row of rows) {
    if (row.cells[0]?.trim() !== 'Financial Instrument Information') continue;
    const kind = row.cells[1]?.trim();
    if (kind === 'Header') columns = columnsOf(row);
    else if (kind === 'Data') {
      const symbol = cellOf(row, columns, 'symbol');
      const exchange = cellOf(row, columns, 'listing exch');
      if (symbol && exchange) listings.set(symbol, exchange);
    }
  }
  return listings;
}

type Resolved = { symbol: string } | { reason: string };

/** The key of a stock or fund as IBKR names it (`BRK B` on NYSE -> `BRK-B`, `VOD` on LSE -> `VOD.L`). */
function listedSymbol(symbol: string, listings: ReadonlyMap<string, string>): Resolved {
  const exchange = listings.get(symbol);
  if (exchange === undefined) return { reason: IBKR_REASONS.noListing(symbol) };
  const suffix = LISTING_SUFFIXES[exchange.toUpperCase()];
  if (suffix === undefined) return { reason: IBKR_REASONS.unknownExchange(symbol, exchange) };
  // IBKR writes share classes with a space (`BRK B`) and Hong Kong codes without their leading zeros (`700`).
  let ticker = symbol.replace(/^([A-Za-z]+) ([A-Za-z])$/, '$1.$2');
  if (suffix === '.HK' && /^\d{1,4}$/.test(ticker)) ticker = ticker.padStart(4, '0');
  const key = securityKey(ticker + suffix);
  return key === undefined ? { reason: IBKR_REASONS.notATicker(symbol) } : { symbol: key };
}

/** What an asset category is to the ledger: a security, crypto, or the reason it is not read. */
function categoryOf(category: string): 'security' | 'crypto' | { reason: string } {
  const c = category.toLowerCase();
  if (c === 'stocks' || c === 'mutual funds' || c === 'etfs') return 'security';
  if (c.startsWith('crypto')) return 'crypto';
  if (c === 'forex') return { reason: IBKR_REASONS.forex };
  if (c.includes('option')) return { reason: IBKR_REASONS.options };
  if (c.includes('future')) return { reason: IBKR_REASONS.futures };
  if (c.includes('bond')) return { reason: IBKR_REASONS.bonds };
  return { reason: IBKR_REASONS.category(category) };
}

function readTrade(
  row: CsvRow,
  columns: Columns | undefined,
  listings: ReadonlyMap<string, string>,
  out: ParseCollector,
): void {
  const cell = (name: string) => cellOf(row, columns, name);
  const skip = (reason: string) => out.skip(row.line, reason);
  const discriminator = cell('datadiscriminator');
  if (discriminator === 'ClosedLot') return skip(IBKR_REASONS.closedLot);
  if (discriminator !== '' && discriminator !== 'Order' && discriminator !== 'Trade') {
    return skip(IBKR_REASONS.notATrade(discriminator));
  }
  const category = categoryOf(cell('asset category'));
  if (typeof category === 'object') return skip(category.reason);

  const date = statementDate(cell('date/time'));
  if (date === undefined) return skip(IBKR_REASONS.noDate(cell('date/time')));
  const quantity = decimalOf(cell('quantity'));
  if (quantity === null) return skip(IBKR_REASONS.noQuantity);
  if (quantity === 'invalid') return skip(IBKR_REASONS.notANumber('quantity', cell('quantity')));
  const codes = cell('code')
    .split(';')
    .map((code) => code.trim());
  if (quantity.isNegative() && codes.includes('O')) return skip(IBKR_REASONS.shortSale);
  if (quantity.isPositive() && codes.includes('C')) return skip(IBKR_REASONS.coverShort);
  const price = decimalOf(cell('t. price'));
  if (price === null) return skip(IBKR_REASONS.noPrice);
  if (price === 'invalid') return skip(IBKR_REASONS.notANumber('price', cell('t. price')));
  const feeCell = cell('comm/fee');
  const fee = decimalOf(feeCell);
  if (fee === 'invalid') return skip(IBKR_REASONS.notANumber('commission', feeCell));
  const currency = currencyCode(cell('currency'));
  if (currency === undefined) return skip(IBKR_REASONS.currency(cell('currency')));

  const raw = cell('symbol');
  const resolved: Resolved =
    category === 'crypto' ? { symbol: securityKey(raw, true) ?? '' } : listedSymbol(raw, listings);
  if ('reason' in resolved) return skip(resolved.reason);
  if (resolved.symbol === '') return skip(IBKR_REASONS.notATicker(raw));

  out.add(
    row.line,
    draft({
      type: quantity.isPositive() ? 'buy' : 'sell',
      date,
      currency,
      symbol: resolved.symbol,
      quantity: decimalText(quantity.abs()),
      price: decimalText(price.abs()),
      fee: fee === null ? null : decimalText(fee.abs()),
    }),
  );
}

/** A Dividends or Withholding Tax row, kept until every row of the statement is known (reversals pair up). */
interface CashRow {
  line: number;
  type: Extract<ActivityType, 'dividend' | 'tax'>;
  currency: string;
  date: string;
  description: string;
  amount: Decimal;
}

function readCashRow(
  row: CsvRow,
  columns: Columns | undefined,
  type: CashRow['type'],
  out: ParseCollector,
): CashRow | undefined {
  const cell = (name: string) => cellOf(row, columns, name);
  const rawCurrency = cell('currency');
  const skip = (reason: string) => {
    out.skip(row.line, reason);
    return undefined;
  };
  if (rawCurrency.startsWith('Total')) return skip(IBKR_REASONS.total);
  const currency = currencyCode(rawCurrency);
  if (currency === undefined) return skip(IBKR_REASONS.currency(rawCurrency));
  const date = statementDate(cell('date'));
  if (date === undefined) return skip(IBKR_REASONS.noDate(cell('date')));
  const amount = decimalOf(cell('amount'));
  if (amount === null || amount === 'invalid') return skip(IBKR_REASONS.notANumber('amount', cell('amount')));
  if (amount.isZero()) return skip(IBKR_REASONS.zero('amount'));
  return { line: row.line, type, currency, date, description: cell('description'), amount };
}

/** `KO(US1912161007) Cash Dividend USD 0.46 per Share - US Tax` -> `KO`. */
const DESCRIBED_SYMBOL = /^([A-Za-z0-9. ]+?)\s*\([A-Za-z0-9]+\)/;

/**
 * Dividends are positive and taxes negative; a row of the other sign that undoes one of the same day, currency,
 * description and size (IBKR books a corrected tax as tax, refund, new tax) cancels it, and both are listed.
 */
function settleCashRows(
  rows: readonly CashRow[],
  listings: ReadonlyMap<string, string>,
  out: ParseCollector,
) {
  const isNormal = (row: CashRow) =>
    row.type === 'dividend' ? row.amount.isPositive() : row.amount.isNegative();
  const reversed = new Set<CashRow>();
  for (const reversal of rows.filter((row) => !isNormal(row))) {
    const undone = rows.find(
      (row) =>
        isNormal(row) &&
        !reversed.has(row) &&
        row.type === reversal.type &&
        row.currency === reversal.currency &&
        row.date === reversal.date &&
        row.description === reversal.description &&
        row.amount.negated().equals(reversal.amount),
    );
    if (undone === undefined) {
      out.skip(
        reversal.line,
        reversal.type === 'dividend' ? IBKR_REASONS.dividendReversal : IBKR_REASONS.taxRefund,
      );
      continue;
    }
    reversed.add(undone);
    out.skip(undone.line, IBKR_REASONS.reversedBy(reversal.line));
    out.skip(reversal.line, IBKR_REASONS.reverses(undone.line));
  }

  for (const row of rows) {
    if (!isNormal(row) || reversed.has(row)) continue;
    const described = DESCRIBED_SYMBOL.exec(row.description)?.[1];
    let symbol: string | null = null;
    if (described !== undefined) {
      const resolved = listedSymbol(described.trim(), listings);
      if ('reason' in resolved) {
        out.skip(row.line, resolved.reason);
        continue;
      }
      symbol = resolved.symbol;
    } else if (row.type === 'dividend') {
      out.skip(row.line, IBKR_REASONS.noSymbol);
      continue;
    }
    out.add(
      row.line,
      draft({
        type: row.type,
        date: row.date,
        currency: row.currency,
        symbol,
        amount: decimalText(row.amount.abs()),
        note: row.description || null,
      }),
    );
  }
}

const CASH_SECTIONS: Readonly<Record<string, CashRow['type']>> = {
  Dividends: 'dividend',
  'Withholding Tax': 'tax',
};

export const ibkrStatement: ActivityFormatReader = {
  format: 'ibkr',
  label: 'Interactive Brokers activity statement',
  detect(file) {
    const first = leadingRows(file, 1)[0]?.cells ?? [];
    return first[0]?.trim() === 'Statement' && first[1]?.trim() === 'Header';
  },
  parse(file) {
    const rows = csvRowsOf(file);
    const listings = listingsOf(rows);
    const out = new ParseCollector('ibkr');
    const cashRows: CashRow[] = [];
    const headers = new Map<string, Columns>();
    for (const row of rows) {
      const section = row.cells[0]?.trim() ?? '';
      const kind = row.cells[1]?.trim();
      if (kind === 'Header') headers.set(section, columnsOf(row));
      if (kind !== 'Data') continue;
      const columns = headers.get(section);
      const cashType = CASH_SECTIONS[section];
      if (section === 'Trades') readTrade(row, columns, listings, out);
      else if (cashType !== undefined) {
        const cashRow = readCashRow(row, columns, cashType, out);
        if (cashRow) cashRows.push(cashRow);
      } else if (section === 'Transaction History') out.skip(row.line, IBKR_REASONS.transactionHistory);
      else if (SECTIONS_NOT_READ.has(section)) {
        const isTotal = row.cells[2]?.trim().startsWith('Total') === true;
        out.skip(row.line, isTotal ? IBKR_REASONS.total : IBKR_REASONS.sectionNotRead(section));
      }
    }
    settleCashRows(cashRows, listings, out);
    return out.result();
  },
};
