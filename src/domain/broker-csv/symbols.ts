import { SKIP_REASONS } from './brokers';
import { Decimal, parseQuantity } from './numbers';

export const CRYPTO_PREFIX = 'CRYPTO:';

/** 9 characters, the last a check digit: `193845XM2`, `942792RU5`, `629999590`. No ticker is that long. */
const CUSIP = /^[0-9A-Z]{8}[0-9]$/;
/** Upper-case ticker as exports write it: `AAPL`, `BRK.B`, `BRK/B`, `BRK-B`, `ALFIQ`. */
const TICKER = /^[A-Z0-9][A-Z0-9./-]{0,9}$/;
const CRYPTO_TICKER = /^[A-Z0-9]{1,10}$/;

/** Option symbols: Schwab `SMAL 04/01/2020 32.00 P`; OCC `AAPL  240119C00150000`; Fidelity ` -AAPL240119C150`. */
const SCHWAB_OPTION = /^[A-Z0-9./]+ \d{2}\/\d{2}\/\d{4} \d+(?:\.\d+)? [CP]$/;
const OCC_OPTION = /^-?[A-Z][A-Z0-9.]{0,5}\s*\d{6}[CP]\d+(?:\.\d+)?$/;
/** E*TRADE `AAPL Jan 17 '25 $200 Call`; Fidelity statements `CALL (SPY) SPDR ... $265 (100 SHS)`. */
const WORDED_OPTION = /(?:^(?:CALL|PUT)\b)|(?:\$\d+(?:\.\d+)?\s+(?:CALL|PUT)$)/;

const TOTAL = /^(?:ACCOUNT TOTAL|POSITIONS TOTAL|GRAND TOTAL|TOTALS?|SUB-?TOTAL\b.*|TOTAL\b.*)$/;
const PENDING = /^PENDING ACTIVITY$/;
const FUTURES = /^FUTURES\b/;
/** Cash rows: Schwab `Cash & Cash Investments` / `Cash & Money Market`, E*TRADE and Fidelity `CASH`. */
const CASH_LABEL = /^(?:CASH\b.*|CORE|MONEY MARKET)$/;
/** Money-market funds by description; Fidelity's institutional ones say only `FIMM ...` (FIMM GOVERNMENT PORTFOLIO). */
const MONEY_MARKET = /\bMONEY MARKET\b|^FIMM\b/;

/** What kind of security a "type" column says a row is, when it says something that matters. */
function typeSays(type: string): 'futures' | 'options' | 'crypto' | 'cash' | undefined {
  const t = type.trim().toUpperCase();
  if (/^FUTURES?\b/.test(t)) return 'futures';
  if (/\bOPTIONS?\b/.test(t)) return 'options';
  if (/^(?:CRYPTO|CRYPTOCURRENC(?:Y|IES)|DIGITAL ASSETS?)$/.test(t)) return 'crypto';
  // Exactly Schwab's wording: Fidelity's Type column says "Cash" or "Margin" about the account, not the row.
  if (t === 'CASH AND MONEY MARKET') return 'cash';
  return undefined;
}

/** E*TRADE lists a position's tax lots under it, each with its acquisition date in the Symbol column. */
const TAX_LOT_DATE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** A tax-lot row (`     08/02/2021`): part of the position above it, whose quantity already counts it. */
export function isTaxLot(symbol: string): boolean {
  return TAX_LOT_DATE.test(symbol.trim());
}

export function isCusip(symbol: string): boolean {
  return CUSIP.test(symbol);
}

export function isOptionSymbol(symbol: string): boolean {
  const s = symbol.trim().toUpperCase();
  return SCHWAB_OPTION.test(s) || OCC_OPTION.test(s) || WORDED_OPTION.test(s);
}

/**
 * The portfolio key for a symbol: upper case, `CRYPTO:` + ticker for crypto (a `CRYPTO:` prefix in the
 * file is kept). Undefined when it is not a ticker.
 */
export function holdingKey(symbol: string, crypto = false): string | undefined {
  const s = symbol.trim().toUpperCase();
  if (s.startsWith(CRYPTO_PREFIX)) {
    const bare = s.slice(CRYPTO_PREFIX.length).trim();
    return CRYPTO_TICKER.test(bare) ? CRYPTO_PREFIX + bare : undefined;
  }
  if (crypto) return CRYPTO_TICKER.test(s) ? CRYPTO_PREFIX + s : undefined;
  return TICKER.test(s) ? s : undefined;
}

export interface PositionCells {
  symbol: string;
  quantity: string;
  description?: string;
  /** A security-type column (Schwab "Security Type", a generic "Type" / "Asset Class"). */
  type?: string;
  /** The statement section the row is in, lower case (`stocks`, `options`, `core account`). */
  section?: string;
}

export type Classified = { symbol: string; quantity: Decimal } | { reason: string };

/**
 * Decides whether a positions row is a holding, and if not, why: totals, pending activity, futures,
 * cash and money market (including Fidelity's `**` core positions), options, CUSIP-only bonds and
 * bills, symbols that are not tickers, missing, unreadable, zero or negative quantities.
 */
export function classifyPosition(row: PositionCells): Classified {
  const symbol = row.symbol.trim().toUpperCase().replace(/\s+/g, ' ');
  const description = (row.description ?? '').trim().toUpperCase();
  const section = (row.section ?? '').trim().toLowerCase();
  const kind = typeSays(row.type ?? '');

  if (symbol === '') {
    if (section === 'options' || kind === 'options' || WORDED_OPTION.test(description)) {
      return { reason: SKIP_REASONS.options };
    }
    if (section === 'core account' || kind === 'cash' || MONEY_MARKET.test(description)) {
      return { reason: SKIP_REASONS.cash };
    }
    return { reason: SKIP_REASONS.noSymbol };
  }
  if (TOTAL.test(symbol)) return { reason: SKIP_REASONS.total };
  if (PENDING.test(symbol)) return { reason: SKIP_REASONS.pending };
  if (FUTURES.test(symbol) || kind === 'futures') return { reason: SKIP_REASONS.futures };
  if (
    symbol.endsWith('**') ||
    CASH_LABEL.test(symbol) ||
    section === 'core account' ||
    kind === 'cash' ||
    MONEY_MARKET.test(description)
  ) {
    return { reason: SKIP_REASONS.cash };
  }
  if (section === 'options' || kind === 'options' || isOptionSymbol(symbol)) {
    return { reason: SKIP_REASONS.options };
  }
  if (isCusip(symbol)) return { reason: SKIP_REASONS.cusip };
  const key = holdingKey(symbol, kind === 'crypto');
  if (key === undefined) return { reason: SKIP_REASONS.notATicker };

  const quantity = parseQuantity(row.quantity);
  if (quantity === 'blank') return { reason: SKIP_REASONS.noQuantity };
  if (quantity === 'invalid') return { reason: SKIP_REASONS.notANumber };
  if (quantity.isZero()) return { reason: SKIP_REASONS.zero };
  if (quantity.isNegative()) return { reason: SKIP_REASONS.short };
  return { symbol: key, quantity };
}
