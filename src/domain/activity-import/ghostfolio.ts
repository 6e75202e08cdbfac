/**
 * Ghostfolio's activities, as its JSON export and its activities CSV both hold them: one activity read into the
 * ledger's, by Ghostfolio's own rules (types BUY, SELL, DIVIDEND, FEE, INTEREST, LIABILITY; the symbol named by
 * its data source: a Yahoo ticker, a CoinGecko coin id, or a MANUAL asset priced by hand).
 */
import { CRYPTO_PREFIX, securityMaster } from '../security-master';
import { Decimal } from './cells';
import { currencyCode, decimalOf, decimalText, draft, securityKey, type ParseCollector } from './fields';

/** One activity with its values as text (the JSON's numbers written as JavaScript writes them). */
export interface GhostfolioActivity {
  line: number;
  type: string;
  /** Empty when the file does not say. */
  dataSource: string;
  symbol: string;
  currency: string;
  /** `YYYY-MM-DD`, or undefined when the file's date is not one (`rawDate` says what it was). */
  date: string | undefined;
  rawDate: string;
  quantity: string;
  unitPrice: string;
  fee: string;
  comment: string;
  /** What the export's asset profile says of the symbol, when it has one. */
  profile?: { name?: string; isCrypto: boolean };
}

const TYPES = ['BUY', 'SELL', 'DIVIDEND', 'FEE', 'INTEREST', 'LIABILITY', 'ITEM'] as const;
type GhostfolioType = (typeof TYPES)[number];

/** Ghostfolio's data sources; Foliowise reads the symbols of the first three. */
const READ_SOURCES = ['YAHOO', 'COINGECKO', 'MANUAL'] as const;
const OTHER_SOURCES = [
  'ALPHA_VANTAGE',
  'EOD_HISTORICAL_DATA',
  'FINANCIAL_MODELING_PREP',
  'GHOSTFOLIO',
  'GOOGLE_SHEETS',
  'RAPID_API',
];

/**
 * Currencies Ghostfolio derives from another as its hundredth (Yahoo's quotes in cents): the price is read in
 * the main currency. London's pence stay pence (`GBX`), which the app prices in.
 */
const HUNDREDTHS: Readonly<Record<string, string>> = { ZAc: 'ZAR', ILA: 'ILS', USX: 'USD' };

export const GHOSTFOLIO_REASONS = {
  type: (raw: string) =>
    `type "${raw}" is not a Ghostfolio activity type (BUY, SELL, DIVIDEND, FEE, INTEREST or LIABILITY)`,
  liability: 'a liability (a debt), which Foliowise does not track',
  item: 'a valuable (ITEM) priced by hand, which Foliowise does not track',
  dataSource: (raw: string) =>
    `data source "${raw}" is not one of Ghostfolio's (YAHOO, COINGECKO, MANUAL, ...)`,
  otherSource: (source: string) =>
    `a symbol priced by ${source}: Foliowise reads Ghostfolio's YAHOO, COINGECKO and MANUAL symbols`,
  manualAsset: (name: string) =>
    `a manual asset (${name}): Foliowise values listed securities and crypto only`,
  date: (raw: string) => `date "${raw}" is not a date`,
  currency: (raw: string) => `currency "${raw}" is not a currency code`,
  notANumber: (field: string, raw: string) => `${field} "${raw}" is not a number`,
  negative: (field: string) => `${field} is negative`,
  notATicker: (symbol: string) => `"${symbol}" is not a ticker symbol`,
  dashedCrypto: (symbol: string, coin: string) =>
    `"${symbol}" is not a Ghostfolio symbol: Ghostfolio names ${coin} on Yahoo ${coin}USD`,
  unknownCoin: (id: string) => `CoinGecko coin "${id}" is not one Foliowise lists`,
} as const;

const COINS_BY_COINGECKO_ID: ReadonlyMap<string, string> = new Map(
  securityMaster.flatMap((entry) => (entry.coingeckoId ? [[entry.coingeckoId, entry.symbol] as const] : [])),
);
const LISTED_COINS: ReadonlySet<string> = new Set(
  securityMaster.flatMap((entry) =>
    entry.symbol.startsWith(CRYPTO_PREFIX) ? [entry.symbol.slice(CRYPTO_PREFIX.length)] : [],
  ),
);

type Resolved = { symbol: string } | { reason: string };

/** A Yahoo symbol as Ghostfolio writes it: tickers as Yahoo does, crypto as `BTCUSD` (never `BTC-USD`). */
function yahooSymbol(raw: string, isCrypto: boolean): Resolved {
  const symbol = raw.trim().toUpperCase();
  const pair = /^([A-Z0-9]+)USD$/.exec(symbol);
  if (pair?.[1] !== undefined && (isCrypto || LISTED_COINS.has(pair[1]))) {
    return { symbol: CRYPTO_PREFIX + pair[1] };
  }
  const dashed = /^([A-Z0-9]+)-[A-Z]{3}$/.exec(symbol);
  if (dashed?.[1] !== undefined && LISTED_COINS.has(dashed[1])) {
    return { reason: GHOSTFOLIO_REASONS.dashedCrypto(raw.trim(), dashed[1]) };
  }
  const key = securityKey(symbol, isCrypto);
  return key === undefined ? { reason: GHOSTFOLIO_REASONS.notATicker(raw.trim()) } : { symbol: key };
}

/** A number of the activity: zero when blank (Ghostfolio's CSV leaves a fee out), never negative. */
function amountOf(field: string, raw: string): Decimal | { reason: string } {
  const value = decimalOf(raw);
  if (value === null) return new Decimal(0);
  if (value === 'invalid') return { reason: GHOSTFOLIO_REASONS.notANumber(field, raw) };
  if (value.isNegative()) return { reason: GHOSTFOLIO_REASONS.negative(field) };
  return value;
}

const positiveText = (value: Decimal) => (value.isZero() ? null : decimalText(value));

/** Reads one Ghostfolio activity into the collector: its activities (a dividend with a fee is two), or the reason. */
export function readGhostfolioActivity(activity: GhostfolioActivity, out: ParseCollector): void {
  const skip = (reason: string) => out.skip(activity.line, reason);
  const type = activity.type.trim().toUpperCase() as GhostfolioType;
  if (!TYPES.includes(type)) return skip(GHOSTFOLIO_REASONS.type(activity.type));
  if (type === 'LIABILITY') return skip(GHOSTFOLIO_REASONS.liability);
  if (type === 'ITEM') return skip(GHOSTFOLIO_REASONS.item);

  // Ghostfolio's own default when the file names none: cash activities are MANUAL, the others Yahoo's.
  const isCash = type === 'FEE' || type === 'INTEREST';
  const dataSource = activity.dataSource.trim().toUpperCase() || (isCash ? 'MANUAL' : 'YAHOO');
  if (OTHER_SOURCES.includes(dataSource)) return skip(GHOSTFOLIO_REASONS.otherSource(dataSource));
  if (!(READ_SOURCES as readonly string[]).includes(dataSource)) {
    return skip(GHOSTFOLIO_REASONS.dataSource(activity.dataSource));
  }
  if (activity.date === undefined) return skip(GHOSTFOLIO_REASONS.date(activity.rawDate));

  const rawCurrency = activity.currency.trim();
  const hundredthOf = HUNDREDTHS[rawCurrency];
  const currency = currencyCode(hundredthOf ?? rawCurrency);
  if (currency === undefined) return skip(GHOSTFOLIO_REASONS.currency(activity.currency));
  const quantity = amountOf('quantity', activity.quantity);
  if ('reason' in quantity) return skip(quantity.reason);
  let unitPrice = amountOf('unit price', activity.unitPrice);
  if ('reason' in unitPrice) return skip(unitPrice.reason);
  let fee = amountOf('fee', activity.fee);
  if ('reason' in fee) return skip(fee.reason);
  if (hundredthOf !== undefined) {
    unitPrice = unitPrice.div(100);
    fee = fee.div(100);
  }

  // The symbol: a manual asset names a fee or interest (the note keeps its name) and is otherwise not held.
  const name = activity.profile?.name ?? activity.symbol.trim();
  let symbol: string | null = null;
  if (dataSource === 'MANUAL') {
    if (!isCash) return skip(GHOSTFOLIO_REASONS.manualAsset(name));
  } else if (dataSource === 'COINGECKO') {
    const coin = COINS_BY_COINGECKO_ID.get(activity.symbol.trim().toLowerCase());
    if (coin === undefined) return skip(GHOSTFOLIO_REASONS.unknownCoin(activity.symbol.trim()));
    symbol = coin;
  } else {
    const resolved = yahooSymbol(activity.symbol, activity.profile?.isCrypto ?? false);
    if ('reason' in resolved) return skip(resolved.reason);
    symbol = resolved.symbol;
  }
  const comment = activity.comment.trim();
  const note = comment || (dataSource === 'MANUAL' && name ? name : null);
  const base = { date: activity.date, currency, symbol, note };

  if (type === 'BUY' || type === 'SELL') {
    return out.add(
      activity.line,
      draft({
        ...base,
        type: type === 'BUY' ? 'buy' : 'sell',
        quantity: decimalText(quantity),
        price: decimalText(unitPrice),
        fee: positiveText(fee),
      }),
    );
  }
  if (type === 'FEE') {
    // Ghostfolio keeps a fee activity's money in its fee; older exports priced it as quantity x unit price.
    const amount = fee.isZero() ? quantity.times(unitPrice) : fee;
    return out.add(activity.line, draft({ ...base, type: 'fee', amount: decimalText(amount) }));
  }
  // DIVIDEND and INTEREST: quantity x unit price, and the fee charged on it as a fee of its own.
  const amount = quantity.times(unitPrice);
  const isDividend = type === 'DIVIDEND';
  out.add(
    activity.line,
    draft({
      ...base,
      type: isDividend ? 'dividend' : 'interest',
      amount: decimalText(amount),
      quantity: isDividend ? decimalText(quantity) : null,
      price: isDividend ? decimalText(unitPrice) : null,
    }),
  );
  if (!fee.isZero()) out.add(activity.line, draft({ ...base, type: 'fee', amount: decimalText(fee) }));
}
