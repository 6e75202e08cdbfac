/**
 * Stock or crypto: what a typed symbol stands for. Forms ask it (the alert form, the paper-trading order form)
 * rather than guess, because 'BTC' the coin and a ticker 'BTC' are different things; the key they store or
 * trade is a stock's ticker, or 'CRYPTO:' + a coin's symbol (issue 25 item 3). People never see the key.
 */

export const CRYPTO_PREFIX = 'CRYPTO:';

/** A symbol as people write it: 'CRYPTO:BTC' -> 'BTC'; a stock symbol unchanged. */
export function displaySymbol(symbol: string): string {
  return symbol.toUpperCase().startsWith(CRYPTO_PREFIX) ? symbol.slice(CRYPTO_PREFIX.length) : symbol;
}

export const SYMBOL_KINDS = ['stock', 'crypto'] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** How a form names each kind. */
export const SYMBOL_KIND_LABELS: Readonly<Record<SymbolKind, string>> = {
  stock: 'Stock or fund',
  crypto: 'Crypto',
};

/**
 * The key for what was typed and the kind chosen: a stock's ticker ('aapl' -> 'AAPL'), a coin as 'CRYPTO:' +
 * its symbol ('btc' -> 'CRYPTO:BTC'). A key typed in full ('CRYPTO:ETH') is kept whatever the kind.
 */
export function symbolKeyOf(kind: SymbolKind, typed: string): string {
  const upper = typed.trim().toUpperCase();
  if (upper === '' || upper.startsWith(CRYPTO_PREFIX)) return upper;
  return kind === 'crypto' ? `${CRYPTO_PREFIX}${upper}` : upper;
}

export function symbolKindOf(key: string): SymbolKind {
  return key.toUpperCase().startsWith(CRYPTO_PREFIX) ? 'crypto' : 'stock';
}

/** The same symbol as the other kind: 'BTC' -> 'CRYPTO:BTC', 'CRYPTO:BTC' -> 'BTC'. */
export function otherKindKey(key: string): string {
  return symbolKindOf(key) === 'crypto' ? displaySymbol(key).toUpperCase() : symbolKeyOf('crypto', key);
}

/**
 * What to say when no source finds `key`: that the symbol is the other kind when `otherKindExists`
 * ('We could not find BTC as a stock or fund. BTC is a crypto: choose Crypto.'), else to check the spelling
 * ('We could not find ZZZZQ. Check the spelling.'). The symbol is written as people write it.
 */
export function symbolNotFoundMessage(key: string, otherKindExists: boolean): string {
  const shown = displaySymbol(key).toUpperCase();
  if (!otherKindExists) return `We could not find ${shown}. Check the spelling.`;
  return symbolKindOf(key) === 'stock'
    ? `We could not find ${shown} as a stock or fund. ${shown} is a crypto: choose Crypto.`
    : `We could not find ${shown} as a crypto. ${shown} is a stock or fund: choose Stock or fund.`;
}
