/**
 * Brokerage A: reads a Robinhood account's stock, ETF and crypto positions with the account holder's username
 * and password. The adapter of DESIGN.md ("every outside system sits behind an adapter"): the brokers feature
 * sees only `BrokerConnector`, tests point `baseUrl` and `cryptoBaseUrl` at a local fake
 * (testing/fake-robinhood.ts).
 *
 * Robinhood has no public API for this. The wire format below is the unofficial one the community documents,
 * written from what is known of the `robin_stocks` Python library (robin_stocks/robinhood/authentication.py,
 * helper.py, urls.py, account.py, crypto.py), not from any Robinhood document. Assumptions:
 *
 * 1. Sign-in: `POST {base}/oauth2/token/`, form-encoded (robin_stocks posts `data=payload`), with
 *    grant_type=password, scope=internal, the public client id of Robinhood's web app
 *    (`c82SH0WZOsabOXGP2sxqcj34FxkvfnWRZBKlBjFS`), expires_in=86400, a fresh random device_token (a UUID,
 *    the format robin_stocks generates), username and password. Success: `{ access_token, token_type,
 *    expires_in, refresh_token, scope }`. A new device token usually makes Robinhood ask for a verification,
 *    so in practice many real sign-ins end at assumption 2.
 * 2. Verification: a body with `mfa_required` (`{ mfa_required: true, mfa_type: 'sms' | 'app' }`), `challenge`
 *    (`{ challenge: { id, type, status, remaining_attempts } }`) or `verification_workflow`
 *    (`{ verification_workflow: { id, workflow_status } }`), with any status. Foliowise cannot relay codes
 *    (the request is one-shot and nothing is kept between requests), so each is a 'mfa_required' failure.
 * 3. Bad credentials: 400 `{ detail: 'Unable to log in with provided credentials.' }` (or 401, or an OAuth
 *    `{ error: 'invalid_grant' }`). Any other 400 is Robinhood not accepting our request: 'unavailable'.
 * 4. Positions: `GET {base}/positions/?nonzero=true` with `Authorization: Bearer <access_token>`, paginated:
 *    `{ next: <absolute URL> | null, results: [{ instrument: <URL>, quantity: '10.00000000', account_number,
 *    account, ... }] }`. The accounts counted are the distinct `account_number`s (else `account` URLs) seen.
 *    robin_stocks reads the default account this way; positions of further accounts (IRAs) may need
 *    `&account_number=` and are then not included.
 * 5. Symbols: `GET <instrument URL>` -> `{ symbol: 'AAPL', ... }`, one request per distinct instrument.
 * 6. Crypto: `GET {crypto base}/holdings/` (default https://nummus.robinhood.com, another host than the
 *    base) with the same bearer token: robin_stocks' urls.py crypto_holdings -> nummus.robinhood.com/holdings/,
 *    read by crypto.py get_crypto_positions with request_get(url, 'pagination'), i.e. `{ next, results }`
 *    pages like assumption 4. A result holds the keys that docstring lists (account_id, cost_bases, created_at,
 *    currency, id, quantity, quantity_available, quantity_held_for_buy, quantity_held_for_sell, updated_at);
 *    `currency` is `{ code: 'BTC', name, type: 'cryptocurrency', increment, id }` as community clients model
 *    it (robinhood-csharp's Holding and Currency). `quantity` is everything held (what is held for an open
 *    sell is still owned), summed per code into `CRYPTO:<CODE>` keys. Skipped: zero or negative quantities,
 *    codes that are not a crypto ticker (the CSV imports' holdingKey decides), and fiat, i.e. a
 *    `currency.type` other than 'cryptocurrency' or an ISO 4217 code such as USD (the cash side of Robinhood
 *    Crypto). The crypto account (its account_id) counts as one more account.
 * 7. A crypto failure (HTTP error, unreachable, unreadable, past the deadline) fails the whole import with the
 *    same error kinds, even when the stocks were read: the answer has no "partial" flag, so a portfolio
 *    without its crypto would look complete, while a failure makes the web show its demo portfolio and toast,
 *    and the person can retry or use a CSV export. Options (`/options/aggregate_positions/`) are not read.
 *
 * 8. Sign-out: `POST {base}/oauth2/revoke_token/`, form-encoded `client_id` (the one of assumption 1) and
 *    `token` (the access token), as robin_stocks' logout and RFC 7009 do; any 2xx is success.
 *
 * Safety: the token is revoked once the import is over, success or failure; one 10 s deadline covers the whole import; stocks and crypto are read side by side after sign-in,
 * and the first failure stops the other side. The bearer token is sent only to the base and crypto origins:
 * a `next` link is followed only on the origin of the list it belongs to (positions: base, holdings:
 * crypto), an instrument only on the base origin (anything else is refused as unreadable), redirects are not
 * followed, and credentials, tokens and Robinhood's own texts never appear in an error message or its
 * `detail`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ROBINHOOD_ERRORS } from '../../../contracts/brokers';
import { Decimal } from '../../../domain/broker-csv/numbers';
import { CRYPTO_PREFIX, holdingKey } from '../../../domain/broker-csv/symbols';
import { mapWithConcurrency } from '../../lib/concurrency';

export interface BrokerCredentials {
  username: string;
  password: string;
}

export interface BrokerPositions {
  /** Symbol (upper case; crypto as `CRYPTO:BTC`) -> positive quantity, summed over accounts. */
  portfolio: Record<string, number>;
  accountCount: number;
}

/** A brokerage the app signs in to on the user's behalf. Credentials are used for one call and forgotten. */
export interface BrokerConnector {
  importPositions(credentials: BrokerCredentials, signal?: AbortSignal): Promise<BrokerPositions>;
}

export type BrokerErrorKind = 'mfa_required' | 'rejected' | 'timeout' | 'unavailable' | 'bad_response';

/**
 * Every failure of a connector. `message` is for the person (a ROBINHOOD_ERRORS text); `detail` is for the log
 * (which step, which status). Neither ever holds credentials, tokens or text Robinhood sent.
 */
export class BrokerError extends Error {
  constructor(
    readonly kind: BrokerErrorKind,
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'BrokerError';
  }
}

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export const ROBINHOOD_DEFAULT_BASE_URL = 'https://api.robinhood.com';
export const ROBINHOOD_DEFAULT_CRYPTO_BASE_URL = 'https://nummus.robinhood.com';
/** The public OAuth client id of Robinhood's own web app, as robin_stocks sends it. */
export const ROBINHOOD_CLIENT_ID = 'c82SH0WZOsabOXGP2sxqcj34FxkvfnWRZBKlBjFS';
export const ROBINHOOD_TIMEOUT_MS = 10_000;
/** The token's revocation after the import has its own deadline. */
const REVOKE_TIMEOUT_MS = 3_000;

export interface RobinhoodConnectorOptions {
  /** Default https://api.robinhood.com (ROBINHOOD_BASE_URL). */
  baseUrl?: string;
  /** Robinhood Crypto's API; default https://nummus.robinhood.com (ROBINHOOD_CRYPTO_BASE_URL). */
  cryptoBaseUrl?: string;
  /** The deadline of the whole import (sign-in, every page, every instrument, crypto); default 10 s. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Instrument lookups in flight at once; default 4. */
  concurrency?: number;
  /** Pages of positions, and of crypto holdings, followed at most; default 50. */
  maxPages?: number;
}

const ZToken = z.object({ access_token: z.string().min(1) });
const ZPositionsPage = z.object({
  next: z.string().nullish(),
  results: z.array(
    z.object({
      instrument: z.string().min(1),
      quantity: z.union([z.string(), z.number()]),
      account_number: z.string().nullish(),
      account: z.string().nullish(),
    }),
  ),
});
const ZInstrument = z.object({ symbol: z.string() });
const ZCryptoPage = z.object({
  next: z.string().nullish(),
  results: z.array(
    z.object({
      currency: z.object({ code: z.string(), type: z.string().nullish() }),
      quantity: z.union([z.string(), z.number()]),
      account_id: z.string().nullish(),
    }),
  ),
});

const SYMBOL = /^[A-Z0-9.-]{1,15}$/;
const QUANTITY = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** ISO 4217 codes (USD, EUR, ...): cash, not a coin, when the crypto host lists them. */
const FIAT_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

type Position = z.infer<typeof ZPositionsPage>['results'][number];
type CryptoHolding = z.infer<typeof ZCryptoPage>['results'][number];

interface Page<T> {
  next?: string | null;
  results: T[];
}

/** What one side of the import (stocks, crypto) holds. */
interface Holdings {
  totals: Map<string, Decimal>;
  accountCount: number;
}

interface Answer {
  status: number;
  /** The parsed body, or undefined when it is not JSON (an HTML error page, say). */
  json: unknown;
}

export function createRobinhoodConnector(options: RobinhoodConnectorOptions = {}): BrokerConnector {
  const base = new URL(options.baseUrl ?? ROBINHOOD_DEFAULT_BASE_URL);
  const cryptoBase = new URL(options.cryptoBaseUrl ?? ROBINHOOD_DEFAULT_CRYPTO_BASE_URL);
  const timeoutMs = options.timeoutMs ?? ROBINHOOD_TIMEOUT_MS;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxPages = Math.max(1, options.maxPages ?? 50);
  const endpoint = (root: URL, path: string) =>
    new URL(path, root.href.endsWith('/') ? root : `${root.href}/`);

  /** One HTTP exchange; a thrown fetch or body read becomes a BrokerError (timeout, cancelled, unreachable). */
  async function exchange(
    url: URL,
    init: RequestInit,
    step: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Answer> {
    const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
    try {
      const response = await doFetch(url, { ...init, signal, redirect: 'error' });
      const text = await response.text();
      return { status: response.status, json: parseJson(text) };
    } catch {
      if (deadline.aborted) {
        throw new BrokerError(
          'timeout',
          ROBINHOOD_ERRORS.timeout,
          `${step}: no answer within ${timeoutMs} ms`,
        );
      }
      if (caller?.aborted)
        throw new BrokerError('unavailable', ROBINHOOD_ERRORS.cancelled, `${step}: cancelled`);
      throw new BrokerError('unavailable', ROBINHOOD_ERRORS.unreachable, `${step}: could not connect`);
    }
  }

  async function signIn(
    credentials: BrokerCredentials,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'password',
      scope: 'internal',
      client_id: ROBINHOOD_CLIENT_ID,
      expires_in: '86400',
      device_token: randomUUID(),
      username: credentials.username,
      password: credentials.password,
    });
    const answer = await exchange(
      endpoint(base, 'oauth2/token/'),
      {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      'sign-in',
      deadline,
      caller,
    );
    const { status, json } = answer;
    if (status >= 500 || status === 429) throw httpError('sign-in', status);
    if (!isObject(json)) throw unreadable('sign-in', status, 'the body is not JSON');
    if ('mfa_required' in json || 'challenge' in json || 'verification_workflow' in json) {
      const what =
        'mfa_required' in json ? 'mfa_required' : 'challenge' in json ? 'challenge' : 'verification_workflow';
      throw new BrokerError('mfa_required', ROBINHOOD_ERRORS.mfaRequired, `sign-in: HTTP ${status}, ${what}`);
    }
    if (status === 401 || (status === 400 && saysBadCredentials(json))) {
      throw new BrokerError(
        'rejected',
        ROBINHOOD_ERRORS.rejected,
        `sign-in: HTTP ${status}, credentials rejected`,
      );
    }
    if (status < 200 || status >= 300) throw httpError('sign-in', status);
    const token = ZToken.safeParse(json);
    if (!token.success) throw unreadable('sign-in', status, 'no access_token');
    return token.data.access_token;
  }

  /** GETs a JSON document with the bearer token (callers check the URL is on the base or crypto origin). */
  async function getJson<S extends z.ZodType>(
    url: URL,
    schema: S,
    step: string,
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<z.output<S>> {
    const { status, json } = await exchange(
      url,
      { method: 'GET', headers: { accept: 'application/json', authorization: `Bearer ${token}` } },
      step,
      deadline,
      caller,
    );
    if (status < 200 || status >= 300) throw httpError(step, status);
    if (json === undefined) throw unreadable(step, status, 'the body is not JSON');
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw unreadable(step, status, `unexpected body at ${issue?.path.join('.') || '(root)'}`);
    }
    return parsed.data;
  }

  /** A URL Robinhood gave us, accepted only on `home`'s origin (the token goes with it). */
  function sameOrigin(raw: string, home: URL, step: string): URL {
    let url: URL;
    try {
      url = new URL(raw, home);
    } catch {
      throw unreadable(step, 200, 'a link is not a URL');
    }
    if (url.origin !== home.origin)
      throw unreadable(step, 200, `a link points to another host (${url.host})`);
    return url;
  }

  /** Every result of a `{ next, results }` list, following `next` only on the first page's origin. */
  async function listPages<T>(
    first: URL,
    schema: z.ZodType<Page<T>>,
    what: string,
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<T[]> {
    const results: T[] = [];
    const seen = new Set<string>();
    let next: URL | undefined = first;
    for (let page = 1; next; page += 1) {
      if (page > maxPages) throw unreadable(what, 200, `more than ${maxPages} pages`);
      if (seen.has(next.href)) throw unreadable(what, 200, 'the pages loop');
      seen.add(next.href);
      const step = `${what} page ${page}`;
      const body: Page<T> = await getJson(next, schema, step, token, deadline, caller);
      results.push(...body.results);
      next = body.next ? sameOrigin(body.next, first, step) : undefined;
    }
    return results;
  }

  /** Instrument URL -> symbol, `concurrency` lookups at a time. */
  async function symbolsOf(
    urls: readonly string[],
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Map<string, string>> {
    const symbols = new Map<string, string>();
    // A failed lookup fails the import: no further instrument is asked for.
    await mapWithConcurrency(urls, concurrency, async (raw) => {
      const url = sameOrigin(raw, base, 'instrument');
      const instrument = await getJson(url, ZInstrument, 'instrument', token, deadline, caller);
      symbols.set(raw, instrument.symbol.trim().toUpperCase());
    });
    return symbols;
  }

  /** Stocks and ETFs: every position (assumption 4), then each instrument's symbol (assumption 5). */
  async function readStocks(
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Holdings> {
    const first = endpoint(base, 'positions/');
    first.searchParams.set('nonzero', 'true');
    const positions: Position[] = await listPages(
      first,
      ZPositionsPage,
      'positions',
      token,
      deadline,
      caller,
    );

    const held: { instrument: string; quantity: Decimal }[] = [];
    const accounts = new Set<string>();
    for (const position of positions) {
      const quantity = positiveQuantity(position.quantity, 'positions');
      if (!quantity) continue;
      held.push({ instrument: position.instrument, quantity });
      const account = position.account_number ?? position.account;
      if (account) accounts.add(account);
    }

    const symbols = await symbolsOf([...new Set(held.map((h) => h.instrument))], token, deadline, caller);
    const totals = new Map<string, Decimal>();
    for (const { instrument, quantity } of held) {
      const symbol = symbols.get(instrument) ?? '';
      // Not a ticker we can value (an empty or odd symbol): left out rather than guessed.
      if (!SYMBOL.test(symbol)) continue;
      totals.set(symbol, (totals.get(symbol) ?? new Decimal(0)).plus(quantity));
    }
    const accountCount = accounts.size > 0 ? accounts.size : held.length > 0 ? 1 : 0;
    return { totals, accountCount };
  }

  /** Crypto (assumption 6): `CRYPTO:<CODE>` -> quantity, fiat and odd codes left out. */
  async function readCrypto(
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Holdings> {
    const first = endpoint(cryptoBase, 'holdings/');
    const holdings: CryptoHolding[] = await listPages(
      first,
      ZCryptoPage,
      'crypto holdings',
      token,
      deadline,
      caller,
    );
    const totals = new Map<string, Decimal>();
    const accounts = new Set<string>();
    let counted = 0;
    for (const holding of holdings) {
      const quantity = positiveQuantity(holding.quantity, 'crypto holdings');
      if (!quantity) continue;
      const { code, type } = holding.currency;
      if (type != null && type.toLowerCase() !== 'cryptocurrency') continue;
      const key = holdingKey(code, true);
      if (key === undefined || FIAT_CODES.has(key.slice(CRYPTO_PREFIX.length))) continue;
      totals.set(key, (totals.get(key) ?? new Decimal(0)).plus(quantity));
      counted += 1;
      if (holding.account_id) accounts.add(holding.account_id);
    }
    const accountCount = accounts.size > 0 ? accounts.size : counted > 0 ? 1 : 0;
    return { totals, accountCount };
  }

  /**
   * Assumption 8: `POST {base}/oauth2/revoke_token/`, form-encoded client_id and token (RFC 7009, as
   * robin_stocks' logout sends it). The token is no use once the import is over, whatever its outcome. It has
   * its own short deadline (a caller that went away is no reason to leave the token alive); a failed
   * revocation changes nothing for the person, and the token then lapses after its expires_in.
   */
  async function revoke(token: string): Promise<void> {
    const form = new URLSearchParams({ client_id: ROBINHOOD_CLIENT_ID, token });
    try {
      await doFetch(endpoint(base, 'oauth2/revoke_token/'), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
        redirect: 'error',
      }).then((response) => response.text());
    } catch {
      // Unreachable or too slow: the token lapses on its own.
    }
  }

  return {
    async importPositions(credentials, signal) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const token = await signIn(credentials, deadline, signal);

      // Both sides run at once to spend less of the deadline; when one fails the import has failed, so the
      // other is aborted and sends no further request with the token (its own error is then ignored).
      const stop = new AbortController();
      const caller = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
      const halt = (error: unknown): never => {
        stop.abort();
        throw error;
      };
      let stocks: Holdings;
      let crypto: Holdings;
      try {
        [stocks, crypto] = await Promise.all([
          readStocks(token, deadline, caller).catch(halt),
          readCrypto(token, deadline, caller).catch(halt),
        ]);
      } finally {
        await revoke(token);
      }

      const portfolio: Record<string, number> = {};
      // Stock symbols never contain ':', so the two sides' keys cannot collide.
      for (const [symbol, quantity] of [...stocks.totals, ...crypto.totals]) {
        portfolio[symbol] = quantity.toNumber();
      }
      return { portfolio, accountCount: stocks.accountCount + crypto.accountCount };
    },
  };
}

/** A quantity above 0, or undefined for zero and negative ones; anything not a number is unreadable. */
function positiveQuantity(raw: string | number, step: string): Decimal | undefined {
  const text = String(raw).trim();
  if (!QUANTITY.test(text)) throw unreadable(step, 200, 'a quantity is not a number');
  const quantity = new Decimal(text);
  return quantity.isPositive() && !quantity.isZero() ? quantity : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Robinhood's 400 for a wrong username or password (assumption 3). */
function saysBadCredentials(body: Record<string, unknown>): boolean {
  const detail = typeof body.detail === 'string' ? body.detail : '';
  return body.error === 'invalid_grant' || /credential|password|username/i.test(detail);
}

function httpError(step: string, status: number): BrokerError {
  return new BrokerError('unavailable', ROBINHOOD_ERRORS.httpError(status), `${step}: HTTP ${status}`);
}

function unreadable(step: string, status: number, why: string): BrokerError {
  return new BrokerError('bad_response', ROBINHOOD_ERRORS.unreadable, `${step}: HTTP ${status}, ${why}`);
}
