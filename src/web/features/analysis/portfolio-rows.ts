/**
 * The portfolio editor's pure rules (spec 000 §3, §4, §5): its rows, how typed symbols and quantities are
 * cleaned, and how rows become the portfolio map and back.
 */

export const CRYPTO_PREFIX = 'CRYPTO:';
/**
 * Tickers as the security master and the vendors write them, for every plan (README deviation 22, not spec 000
 * §5's 'A-Z, max 5'): `BRK-B`, `VOD.L`, `7203.T`, `MUV2.DE`.
 */
export const STOCK_SYMBOL_MAX_LENGTH = 10;
/** Spec 000 §5 / §9: shares min 0.01 step 0.01; crypto min 0.00000001 step 0.00000001. */
export const MIN_SHARES = 0.01;
export const SHARES_STEP = 0.01;
export const MIN_CRYPTO_AMOUNT = 0.00000001;
export const CRYPTO_AMOUNT_STEP = 0.00000001;

/** Symbol -> positive quantity; crypto keys are 'CRYPTO:' + upper-case symbol. */
export type PortfolioMap = Record<string, number>;

export interface StockRow {
  id: string;
  symbol: string;
  shares: number;
}

export interface CryptoRow {
  id: string;
  symbol: string;
  amount: number;
}

export type RowKind = 'stock' | 'crypto';

export interface EditorRows {
  stocks: StockRow[];
  crypto: CryptoRow[];
}

let rowCounter = 0;

/** A row id unique within this page. */
export function createRowId(kind: RowKind): string {
  rowCounter += 1;
  return `${kind}-${rowCounter}`;
}

/** Upper case; letters, digits, '.' and '-' kept, at most 10: ' brk-b ' -> 'BRK-B', '7203.t' -> '7203.T'. */
export function sanitiseStockSymbol(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9.-]/g, '')
    .slice(0, STOCK_SYMBOL_MAX_LENGTH);
}

/** Upper case, no length limit; spaces cannot be part of a symbol. */
export function sanitiseCryptoSymbol(raw: string): string {
  return raw.toUpperCase().replace(/\s/g, '');
}

/**
 * A typed quantity: empty or 0 gives 0; a positive number gives that number; anything else (not a number,
 * negative) gives null, meaning "ignore this keystroke and keep the previous value".
 */
export function sanitiseQuantity(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return 0;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return null;
  return value;
}

export function isCryptoKey(symbol: string): boolean {
  return symbol.toUpperCase().startsWith(CRYPTO_PREFIX);
}

/**
 * The portfolio map of the rows: stock symbols trimmed and upper case, crypto as 'CRYPTO:' + upper case;
 * rows with an empty symbol or a quantity not above 0 are left out; a symbol on two rows is summed.
 */
export function rowsToPortfolio(rows: EditorRows): PortfolioMap {
  const portfolio: PortfolioMap = {};
  const add = (key: string, quantity: number) => {
    portfolio[key] = (portfolio[key] ?? 0) + quantity;
  };
  for (const row of rows.stocks) {
    const symbol = row.symbol.trim().toUpperCase();
    if (symbol !== '' && Number.isFinite(row.shares) && row.shares > 0) add(symbol, row.shares);
  }
  for (const row of rows.crypto) {
    const symbol = row.symbol.trim().toUpperCase();
    if (symbol !== '' && Number.isFinite(row.amount) && row.amount > 0)
      add(`${CRYPTO_PREFIX}${symbol}`, row.amount);
  }
  return portfolio;
}

export function emptyStockRow(): StockRow {
  return { id: createRowId('stock'), symbol: '', shares: 0 };
}

export function emptyCryptoRow(): CryptoRow {
  return { id: createRowId('crypto'), symbol: '', amount: 0 };
}

/** Rows for a portfolio map, in its key order; each tab gets one empty row when it has nothing. */
export function portfolioToRows(portfolio: Readonly<Record<string, number>>): EditorRows {
  const stocks: StockRow[] = [];
  const crypto: CryptoRow[] = [];
  for (const [key, quantity] of Object.entries(portfolio)) {
    if (!Number.isFinite(quantity) || quantity <= 0) continue;
    if (isCryptoKey(key)) {
      const symbol = key.slice(CRYPTO_PREFIX.length).trim().toUpperCase();
      if (symbol !== '') crypto.push({ id: createRowId('crypto'), symbol, amount: quantity });
    } else {
      const symbol = key.trim().toUpperCase();
      if (symbol !== '') stocks.push({ id: createRowId('stock'), symbol, shares: quantity });
    }
  }
  return {
    stocks: stocks.length > 0 ? stocks : [emptyStockRow()],
    crypto: crypto.length > 0 ? crypto : [emptyCryptoRow()],
  };
}

/** The portfolio key a row's symbol stands for: 'brk-b' -> 'BRK-B', crypto 'btc' -> 'CRYPTO:BTC'. */
export function portfolioKeyOfRow(kind: RowKind, symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  return kind === 'crypto' ? `${CRYPTO_PREFIX}${upper}` : upper;
}

/**
 * Number of holdings (stocks and crypto) in a portfolio map; `leftOut` (symbols no source found, issue 25
 * item 3) are not holdings and are not counted.
 */
export function countHoldings(
  portfolio: Readonly<Record<string, number>>,
  leftOut: readonly string[] = [],
): {
  stocks: number;
  crypto: number;
} {
  let stocks = 0;
  let crypto = 0;
  for (const key of Object.keys(portfolio)) {
    if (leftOut.includes(key)) continue;
    if (isCryptoKey(key)) crypto += 1;
    else stocks += 1;
  }
  return { stocks, crypto };
}

// ---------------------------------------------------------------------------------------------------------
// Editor state: every edit goes through this reducer; the portfolio map is rebuilt from its rows.

export type EditorAction =
  | { type: 'setSymbol'; kind: RowKind; id: string; value: string }
  | { type: 'setQuantity'; kind: RowKind; id: string; value: number }
  | { type: 'addRow'; kind: RowKind; afterId?: string }
  | { type: 'removeRow'; kind: RowKind; id: string }
  | { type: 'replace'; portfolio: Readonly<Record<string, number>> }
  | { type: 'clear' };

export function editorReducer(state: EditorRows, action: EditorAction): EditorRows {
  switch (action.type) {
    case 'setSymbol':
      return action.kind === 'stock'
        ? {
            ...state,
            stocks: state.stocks.map((row) =>
              row.id === action.id ? { ...row, symbol: sanitiseStockSymbol(action.value) } : row,
            ),
          }
        : {
            ...state,
            crypto: state.crypto.map((row) =>
              row.id === action.id ? { ...row, symbol: sanitiseCryptoSymbol(action.value) } : row,
            ),
          };
    case 'setQuantity':
      if (!Number.isFinite(action.value) || action.value < 0) return state;
      return action.kind === 'stock'
        ? {
            ...state,
            stocks: state.stocks.map((row) =>
              row.id === action.id ? { ...row, shares: action.value } : row,
            ),
          }
        : {
            ...state,
            crypto: state.crypto.map((row) =>
              row.id === action.id ? { ...row, amount: action.value } : row,
            ),
          };
    case 'addRow':
      return action.kind === 'stock'
        ? { ...state, stocks: insertAfter(state.stocks, emptyStockRow(), action.afterId) }
        : { ...state, crypto: insertAfter(state.crypto, emptyCryptoRow(), action.afterId) };
    case 'removeRow':
      if (action.kind === 'stock') {
        if (state.stocks.length <= 1) return state;
        return { ...state, stocks: state.stocks.filter((row) => row.id !== action.id) };
      }
      if (state.crypto.length <= 1) return state;
      return { ...state, crypto: state.crypto.filter((row) => row.id !== action.id) };
    case 'replace':
      return portfolioToRows(action.portfolio);
    case 'clear':
      return { stocks: [emptyStockRow()], crypto: [emptyCryptoRow()] };
  }
}

function insertAfter<T extends { id: string }>(rows: T[], row: T, afterId: string | undefined): T[] {
  const at = afterId === undefined ? -1 : rows.findIndex((r) => r.id === afterId);
  if (at < 0) return [...rows, row];
  return [...rows.slice(0, at + 1), row, ...rows.slice(at + 1)];
}

/** Quantities are kept to 8 decimals (the smallest crypto step), so 0.1 + 0.2 adds up to 0.3. */
const QUANTITY_SCALE = 1e8;

/** `added` put on top of `current`: a symbol in both holds the sum of both quantities. */
export function addPortfolios(current: Readonly<PortfolioMap>, added: Readonly<PortfolioMap>): PortfolioMap {
  const sum: PortfolioMap = { ...current };
  for (const [symbol, quantity] of Object.entries(added)) {
    sum[symbol] = Math.round(((sum[symbol] ?? 0) + quantity) * QUANTITY_SCALE) / QUANTITY_SCALE;
  }
  return sum;
}

/** True when both maps hold the same symbols with the same quantities. */
export function isSamePortfolio(a: Readonly<PortfolioMap>, b: Readonly<PortfolioMap>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((symbol) => a[symbol] === b[symbol]);
}
