/**
 * Brokerage A: reads a Robinhood account's stock and ETF positions with the account holder's username and
 * password. The adapter of DESIGN.md ("every outside system sits behind an adapter"): the brokers feature
 * sees only `BrokerConnector`, tests point `baseUrl` at a local fake (testing/fake-robinhood.ts).
 *
 * Robinhood has no public API for this. The wire format below is the unofficial one the community documents,
 * written from what is known of the `robin_stocks` Python library (robin_stocks/robinhood/authentication.py,
 * helper.py, urls.py, account.py), not from any Robinhood document. Assumptions:
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
 * 6. Crypto lives on another host (nummus.robinhood.com/holdings/) and is not read: the import has stocks
 *    and ETFs only. Options (`/options/aggregate_positions/`) are not read either.
 *
 * Safety: one 10 s deadline covers the whole import. The bearer token is sent only to URLs on the base
 * URL's origin (a `next` or instrument URL elsewhere is refused as unreadable), redirects are not followed,
 * and credentials, tokens and Robinhood's own texts never appear in an error message or its `detail`.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ROBINHOOD_ERRORS } from '../../../contracts/brokers';
import { Decimal } from '../../../domain/broker-csv/numbers';

export interface BrokerCredentials {
  username: string;
  password: string;
}

export interface BrokerPositions {
  /** Symbol (upper case) -> positive quantity, summed over accounts. */
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
/** The public OAuth client id of Robinhood's own web app, as robin_stocks sends it. */
export const ROBINHOOD_CLIENT_ID = 'c82SH0WZOsabOXGP2sxqcj34FxkvfnWRZBKlBjFS';
export const ROBINHOOD_TIMEOUT_MS = 10_000;

export interface RobinhoodConnectorOptions {
  /** Default https://api.robinhood.com (ROBINHOOD_BASE_URL). */
  baseUrl?: string;
  /** The deadline of the whole import (sign-in, every page, every instrument); default 10 s. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Instrument lookups in flight at once; default 4. */
  concurrency?: number;
  /** Pages of positions followed at most; default 50. */
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

const SYMBOL = /^[A-Z0-9.-]{1,15}$/;
const QUANTITY = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

type Position = z.infer<typeof ZPositionsPage>['results'][number];

interface Answer {
  status: number;
  /** The parsed body, or undefined when it is not JSON (an HTML error page, say). */
  json: unknown;
}

export function createRobinhoodConnector(options: RobinhoodConnectorOptions = {}): BrokerConnector {
  const base = new URL(options.baseUrl ?? ROBINHOOD_DEFAULT_BASE_URL);
  const timeoutMs = options.timeoutMs ?? ROBINHOOD_TIMEOUT_MS;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxPages = Math.max(1, options.maxPages ?? 50);
  const endpoint = (path: string) => new URL(path, base.href.endsWith('/') ? base : `${base.href}/`);

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
      endpoint('oauth2/token/'),
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

  /** GETs a JSON document from the base URL's origin with the bearer token. */
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

  /** A URL Robinhood gave us, accepted only on the base URL's origin (the token goes with it). */
  function sameOrigin(raw: string, step: string): URL {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw unreadable(step, 200, 'a link is not a URL');
    }
    if (url.origin !== base.origin)
      throw unreadable(step, 200, `a link points to another host (${url.host})`);
    return url;
  }

  async function listPositions(
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Position[]> {
    const positions: Position[] = [];
    const seen = new Set<string>();
    let next: URL | undefined = endpoint('positions/');
    next.searchParams.set('nonzero', 'true');
    for (let page = 1; next; page += 1) {
      if (page > maxPages) throw unreadable('positions', 200, `more than ${maxPages} pages`);
      if (seen.has(next.href)) throw unreadable('positions', 200, 'the pages loop');
      seen.add(next.href);
      const body: z.output<typeof ZPositionsPage> = await getJson(
        next,
        ZPositionsPage,
        `positions page ${page}`,
        token,
        deadline,
        caller,
      );
      positions.push(...body.results);
      next = body.next ? sameOrigin(body.next, `positions page ${page}`) : undefined;
    }
    return positions;
  }

  /** Instrument URL -> symbol, `concurrency` lookups at a time. */
  async function symbolsOf(
    urls: readonly string[],
    token: string,
    deadline: AbortSignal,
    caller: AbortSignal | undefined,
  ): Promise<Map<string, string>> {
    const symbols = new Map<string, string>();
    const queue = [...urls];
    let failed = false;
    const worker = async () => {
      for (let raw = queue.shift(); raw !== undefined && !failed; raw = queue.shift()) {
        try {
          const url = sameOrigin(raw, 'instrument');
          const instrument = await getJson(url, ZInstrument, 'instrument', token, deadline, caller);
          symbols.set(raw, instrument.symbol.trim().toUpperCase());
        } catch (error) {
          failed = true; // the other workers stop taking lookups: the import has failed
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
    return symbols;
  }

  return {
    async importPositions(credentials, signal) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const token = await signIn(credentials, deadline, signal);
      const positions = await listPositions(token, deadline, signal);

      const held: { instrument: string; quantity: Decimal }[] = [];
      const accounts = new Set<string>();
      for (const position of positions) {
        const text = String(position.quantity).trim();
        if (!QUANTITY.test(text)) throw unreadable('positions', 200, 'a quantity is not a number');
        const quantity = new Decimal(text);
        if (!quantity.isPositive() || quantity.isZero()) continue;
        held.push({ instrument: position.instrument, quantity });
        const account = position.account_number ?? position.account;
        if (account) accounts.add(account);
      }

      const symbols = await symbolsOf([...new Set(held.map((h) => h.instrument))], token, deadline, signal);
      const totals = new Map<string, Decimal>();
      for (const { instrument, quantity } of held) {
        const symbol = symbols.get(instrument) ?? '';
        // Not a ticker we can value (an empty or odd symbol): left out rather than guessed.
        if (!SYMBOL.test(symbol)) continue;
        totals.set(symbol, (totals.get(symbol) ?? new Decimal(0)).plus(quantity));
      }
      const portfolio: Record<string, number> = {};
      for (const [symbol, quantity] of totals) portfolio[symbol] = quantity.toNumber();
      const accountCount = accounts.size > 0 ? accounts.size : held.length > 0 ? 1 : 0;
      return { portfolio, accountCount };
    },
  };
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
