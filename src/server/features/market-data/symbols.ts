/**
 * Ticker normalisation and validation, shared by every market-data entry point.
 *
 * Accepted: letters, digits, `.`, `-`, `^`, `=` (Yahoo's spellings: `BRK-B`, `^VIX`, `GC=F`), at most 15
 * characters, optionally behind the `CRYPTO:` prefix. Case is ignored. Crypto known to the security master
 * is also accepted as `BTC-USD` (Yahoo's spelling) and answers as `CRYPTO:BTC`; `BRK.B` and `BRK/B` are read
 * as `BRK-B` by the master.
 */
import { AppError } from '../../../contracts/errors';
import { CRYPTO_PREFIX, findSecurity, type SecurityMasterEntry } from '../../../domain/security-master';

export const MAX_TICKER_LENGTH = 15;

const TICKER = /^[A-Z0-9.\-^=]+$/;

export interface ResolvedSymbol {
  /** Our canonical symbol: the master's when known, else the upper-cased input. */
  symbol: string;
  entry: SecurityMasterEntry | undefined;
  isCrypto: boolean;
}

/** The upper-cased ticker, or a VALIDATION_ERROR (400) naming what is wrong with it. */
export function parseTicker(input: string): string {
  const upper = input.trim().toUpperCase();
  const body = upper.startsWith(CRYPTO_PREFIX) ? upper.slice(CRYPTO_PREFIX.length) : upper;
  // `BRK/B` is how some brokerage exports write share classes; the master reads it as `BRK-B`.
  const isShareClassSlash = /^[A-Z]{1,6}\/[A-Z]{1,2}$/.test(body);
  if (
    body.length === 0 ||
    body.length > MAX_TICKER_LENGTH ||
    !(TICKER.test(body) || isShareClassSlash) ||
    !/[A-Z0-9]/.test(body)
  ) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Invalid ticker ${JSON.stringify(input.slice(0, 40))}: use up to ${MAX_TICKER_LENGTH} letters, digits, '.', '-', '^' or '='`,
      { fields: { ticker: 'Invalid ticker' } },
    );
  }
  return upper;
}

/** Validates and resolves a ticker against the security master (it may still be unknown to it). */
export function resolveSymbol(input: string): ResolvedSymbol {
  const ticker = parseTicker(input);
  const entry = findSecurity(ticker) ?? findCryptoPair(ticker);
  if (entry) return { symbol: entry.symbol, entry, isCrypto: entry.assetClass === 'crypto' };
  if (ticker.includes('/')) {
    return resolveUnknown(ticker.replace('/', '-'));
  }
  return resolveUnknown(ticker);
}

function resolveUnknown(ticker: string): ResolvedSymbol {
  return { symbol: ticker, entry: undefined, isCrypto: ticker.startsWith(CRYPTO_PREFIX) };
}

/** `BTC-USD` (Yahoo) or `BTCUSD` (FMP) for a crypto of the master. */
function findCryptoPair(ticker: string): SecurityMasterEntry | undefined {
  const match = /^([A-Z0-9]{2,10})-?USD$/.exec(ticker);
  if (!match) return undefined;
  const entry = findSecurity(`${CRYPTO_PREFIX}${match[1]}`);
  return entry?.assetClass === 'crypto' ? entry : undefined;
}
