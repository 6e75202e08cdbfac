/**
 * A local stand-in for Robinhood's APIs speaking the wire format the connector assumes (see the top of
 * ../robinhood.ts), on two origins (node:http on 127.0.0.1, two ports) as the real ones are two hosts:
 * - `baseUrl` (api.robinhood.com): `POST /oauth2/token/` (form-encoded, robin_stocks' fields),
 *   `GET /positions/?nonzero=true` (paginated with `next`, bearer token), `GET /instruments/<id>/` and
 *   `POST /oauth2/revoke_token/` (form-encoded client_id and token; each revoked token lands in `revoked`);
 * - `cryptoBaseUrl` (nummus.robinhood.com): `GET /holdings/` (paginated with `next`, bearer token).
 * Anything else — another path or method, an endpoint asked of the wrong origin, a missing field, a wrong
 * bearer token, an unknown instrument — gets a 599 and is recorded in `unhandled`, which each test asserts
 * is empty.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROBINHOOD_CLIENT_ID } from '../robinhood';

export const FAKE_RH_USERNAME = 'investor.7f3a@example.com';
export const FAKE_RH_PASSWORD = 'Fake-Passw0rd-9c1d-for-tests';
export const FAKE_RH_TOKEN = 'fake-robinhood-access-token-5e2b';
export const FAKE_RH_ACCOUNT = '5QR12345';
/** The Robinhood Crypto account's id (crypto holdings carry an `account_id`, not an account number). */
export const FAKE_RH_CRYPTO_ACCOUNT = '7d4f1c2a-3b5e-4c6d-8e9f-0a1b2c3d4e5f';

export interface FakePosition {
  symbol: string;
  /** As Robinhood writes it: '10.00000000'. */
  quantity: string;
  /** Account number; default FAKE_RH_ACCOUNT. */
  account?: string;
}

export interface FakeCryptoHolding {
  /** `currency.code`: 'BTC'. */
  code: string;
  /** As Robinhood writes it: '0.01234567'. */
  quantity: string;
  /** `currency.type`; default 'cryptocurrency'. */
  type?: string;
  /** `account_id`; default FAKE_RH_CRYPTO_ACCOUNT. */
  account?: string;
}

/** A canned answer: any status, any body (JSON text, an HTML page, ...). */
export interface RawReply {
  status: number;
  body: string;
  contentType?: string;
}

/** Never answers (until the server closes): for timeouts. */
export type FakeReply = RawReply | 'hang';

export type SignInReply = 'token' | 'mfa' | 'challenge' | 'verification_workflow' | FakeReply;

export interface RecordedRequest {
  /** Which origin was asked: 'api' (baseUrl) or 'crypto' (cryptoBaseUrl). */
  host: 'api' | 'crypto';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class FakeRobinhoodServer {
  readonly requests: RecordedRequest[] = [];
  readonly unhandled: string[] = [];
  /** The tokens revoked through `POST /oauth2/revoke_token/`, in order. */
  readonly revoked: string[] = [];
  /** How `POST /oauth2/token/` answers; 'token' checks the credentials (400 for wrong ones). */
  signIn: SignInReply = 'token';
  /** Replaces every positions answer. */
  positionsReply: FakeReply | undefined;
  /** Replaces every instrument answer. */
  instrumentReply: FakeReply | undefined;
  /** Replaces every crypto holdings answer. */
  cryptoReply: FakeReply | undefined;
  private pages: FakePosition[][] = [];
  private cryptoPages: FakeCryptoHolding[][] = [];
  private readonly instrumentIds = new Map<string, string>();
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly servers: readonly Server[],
    /** The base URL to configure (ROBINHOOD_BASE_URL), without a trailing slash. */
    readonly baseUrl: string,
    /** The crypto base URL to configure (ROBINHOOD_CRYPTO_BASE_URL), without a trailing slash. */
    readonly cryptoBaseUrl: string,
  ) {}

  static async start(): Promise<FakeRobinhoodServer> {
    const listen = async (host: RecordedRequest['host']) => {
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request: RecordedRequest = {
            host,
            method: req.method ?? 'GET',
            path: req.url ?? '/',
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          };
          fake.requests.push(request);
          if (host === 'api') fake.handleApi(request, res);
          else fake.handleCrypto(request, res);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return { server, url: `http://127.0.0.1:${port}` };
    };
    const api = await listen('api');
    const crypto = await listen('crypto');
    const fake = new FakeRobinhoodServer([api.server, crypto.server], api.url, crypto.url);
    return fake;
  }

  /** The account's positions, one array per page of `GET /positions/`. */
  setPositions(pages: FakePosition[][]): this {
    this.pages = pages;
    for (const page of pages) for (const position of page) this.instrumentIdOf(position.symbol);
    return this;
  }

  /** The account's crypto holdings, one array per page of `GET /holdings/` on the crypto origin. */
  setCryptoHoldings(pages: FakeCryptoHolding[][]): this {
    this.cryptoPages = pages;
    return this;
  }

  /** Back to a fresh state: signs in, no positions, no crypto, nothing recorded. */
  reset(): void {
    this.requests.length = 0;
    this.unhandled.length = 0;
    this.revoked.length = 0;
    this.signIn = 'token';
    this.positionsReply = undefined;
    this.instrumentReply = undefined;
    this.cryptoReply = undefined;
    this.pages = [];
    this.cryptoPages = [];
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
  }

  instrumentUrl(symbol: string): string {
    return `${this.baseUrl}/instruments/${this.instrumentIdOf(symbol)}/`;
  }

  /** The requests made to one path (without query). */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.split('?')[0] === path);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await Promise.all(
      this.servers.map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  }

  private instrumentIdOf(symbol: string): string {
    let id = this.instrumentIds.get(symbol);
    if (!id) {
      const n = (this.instrumentIds.size + 1).toString(16).padStart(12, '0');
      id = `450dfc6d-5510-4d40-abfb-${n}`;
      this.instrumentIds.set(symbol, id);
    }
    return id;
  }

  private handleApi({ method, path: url, headers, body }: RecordedRequest, res: ServerResponse) {
    const { pathname, searchParams } = new URL(url, this.baseUrl);
    if (method === 'POST' && pathname === '/oauth2/token/') return this.token(headers, body, res);
    if (method === 'POST' && pathname === '/oauth2/revoke_token/') return this.revoke(headers, body, res);
    if (method === 'GET' && pathname === '/positions/') return this.positions(headers, searchParams, res);
    const instrument = /^\/instruments\/([0-9a-f-]+)\/$/.exec(pathname);
    if (method === 'GET' && instrument?.[1]) return this.instrument(headers, instrument[1], res);
    return this.refuse(`${method} ${url}: unexpected endpoint`, res);
  }

  private handleCrypto({ method, path: url, headers }: RecordedRequest, res: ServerResponse) {
    const { pathname, searchParams } = new URL(url, this.cryptoBaseUrl);
    if (method === 'GET' && pathname === '/holdings/') return this.holdings(headers, searchParams, res);
    return this.refuse(`crypto origin: ${method} ${url}: unexpected endpoint`, res);
  }

  private token(headers: IncomingHttpHeaders, body: string, res: ServerResponse) {
    if (!String(headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return this.refuse('POST /oauth2/token/: not form-encoded', res);
    }
    const form = new URLSearchParams(body);
    const expected: Record<string, string> = {
      grant_type: 'password',
      scope: 'internal',
      client_id: ROBINHOOD_CLIENT_ID,
      expires_in: '86400',
    };
    for (const [field, value] of Object.entries(expected)) {
      if (form.get(field) !== value) return this.refuse(`POST /oauth2/token/: ${field} is not ${value}`, res);
    }
    if (!UUID.test(form.get('device_token') ?? '')) {
      return this.refuse('POST /oauth2/token/: device_token is not a UUID', res);
    }
    if (!form.get('username') || !form.get('password')) {
      return this.refuse('POST /oauth2/token/: no username or password', res);
    }
    const reply = this.signIn;
    if (reply === 'mfa') return json(res, 200, { mfa_required: true, mfa_type: 'sms' });
    if (reply === 'challenge') {
      return json(res, 400, {
        challenge: {
          id: '2b7c8a1e-1111-4a1a-9a9a-000000000001',
          user: 'u',
          type: 'sms',
          alternate_type: 'email',
          status: 'issued',
          remaining_retries: 0,
          remaining_attempts: 3,
          expires_at: '2030-01-01T00:05:00Z',
        },
      });
    }
    if (reply === 'verification_workflow') {
      return json(res, 403, {
        verification_workflow: {
          id: '9f1e2d3c-2222-4b2b-8b8b-000000000002',
          workflow_status: 'workflow_status_internal_pending',
        },
      });
    }
    if (reply !== 'token') return this.answer(reply, res);
    if (form.get('username') !== FAKE_RH_USERNAME || form.get('password') !== FAKE_RH_PASSWORD) {
      return json(res, 400, { detail: 'Unable to log in with provided credentials.' });
    }
    return json(res, 200, {
      access_token: FAKE_RH_TOKEN,
      expires_in: 86400,
      token_type: 'Bearer',
      scope: 'internal',
      refresh_token: 'fake-refresh-token',
      mfa_code: null,
      backup_code: null,
    });
  }

  private revoke(headers: IncomingHttpHeaders, body: string, res: ServerResponse) {
    if (!String(headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      return this.refuse('POST /oauth2/revoke_token/: not form-encoded', res);
    }
    const form = new URLSearchParams(body);
    if (form.get('client_id') !== ROBINHOOD_CLIENT_ID) {
      return this.refuse('POST /oauth2/revoke_token/: client_id is not the web app one', res);
    }
    const token = form.get('token');
    if (!token) return this.refuse('POST /oauth2/revoke_token/: no token', res);
    this.revoked.push(token);
    res.writeHead(200).end();
  }

  private positions(headers: IncomingHttpHeaders, query: URLSearchParams, res: ServerResponse) {
    if (headers.authorization !== `Bearer ${FAKE_RH_TOKEN}`) {
      return this.refuse('GET /positions/: wrong or missing bearer token', res);
    }
    if (query.get('nonzero') !== 'true') return this.refuse('GET /positions/: nonzero is not true', res);
    if (this.positionsReply) return this.answer(this.positionsReply, res);
    const page = Number(query.get('cursor') ?? '0');
    const positions = this.pages[page] ?? [];
    const hasNext = page + 1 < this.pages.length;
    return json(res, 200, {
      next: hasNext ? `${this.baseUrl}/positions/?cursor=${page + 1}&nonzero=true` : null,
      previous: page > 0 ? `${this.baseUrl}/positions/?cursor=${page - 1}&nonzero=true` : null,
      results: positions.map((p) => {
        const account = p.account ?? FAKE_RH_ACCOUNT;
        return {
          url: `${this.baseUrl}/positions/${account}/${this.instrumentIdOf(p.symbol)}/`,
          instrument: this.instrumentUrl(p.symbol),
          instrument_id: this.instrumentIdOf(p.symbol),
          account: `${this.baseUrl}/accounts/${account}/`,
          account_number: account,
          average_buy_price: '100.0000',
          pending_average_buy_price: '100.0000',
          quantity: p.quantity,
          intraday_average_buy_price: '0.0000',
          intraday_quantity: '0.00000000',
          shares_available_for_exercise: p.quantity,
          shares_held_for_buys: '0.00000000',
          shares_held_for_sells: '0.00000000',
          shares_held_for_stock_grants: '0.00000000',
          shares_held_for_options_collateral: '0.00000000',
          shares_held_for_options_events: '0.00000000',
          shares_pending_from_options_events: '0.00000000',
          updated_at: '2025-11-03T15:04:05.123456Z',
          created_at: '2024-02-01T14:30:00.000000Z',
        };
      }),
    });
  }

  private instrument(headers: IncomingHttpHeaders, id: string, res: ServerResponse) {
    if (headers.authorization !== `Bearer ${FAKE_RH_TOKEN}`) {
      return this.refuse(`GET /instruments/${id}/: wrong or missing bearer token`, res);
    }
    const symbol = [...this.instrumentIds].find(([, known]) => known === id)?.[0];
    if (symbol === undefined) return this.refuse(`GET /instruments/${id}/: unknown instrument`, res);
    if (this.instrumentReply) return this.answer(this.instrumentReply, res);
    return json(res, 200, {
      id,
      url: `${this.baseUrl}/instruments/${id}/`,
      quote: `${this.baseUrl}/quotes/${symbol}/`,
      symbol,
      name: `${symbol} Inc.`,
      type: 'stock',
      tradeable: true,
      state: 'active',
      country: 'US',
    });
  }

  private holdings(headers: IncomingHttpHeaders, query: URLSearchParams, res: ServerResponse) {
    if (headers.authorization !== `Bearer ${FAKE_RH_TOKEN}`) {
      return this.refuse('GET /holdings/: wrong or missing bearer token', res);
    }
    if (this.cryptoReply) return this.answer(this.cryptoReply, res);
    const page = Number(query.get('cursor') ?? '0');
    const holdings = this.cryptoPages[page] ?? [];
    const hasNext = page + 1 < this.cryptoPages.length;
    return json(res, 200, {
      next: hasNext ? `${this.cryptoBaseUrl}/holdings/?cursor=${page + 1}` : null,
      previous: page > 0 ? `${this.cryptoBaseUrl}/holdings/?cursor=${page - 1}` : null,
      results: holdings.map((h, index) => {
        const currencyHex = Buffer.from(h.code).toString('hex').padStart(12, '0').slice(-12);
        return {
          account_id: h.account ?? FAKE_RH_CRYPTO_ACCOUNT,
          cost_bases: [
            {
              currency_id: '1072fc76-1862-41ab-82c2-485837590762',
              direct_cost_basis: '250.00',
              direct_quantity: h.quantity,
              id: `c0575b1e-0000-4000-8000-${String(page * 100 + index).padStart(12, '0')}`,
              intraday_cost_basis: '0.00',
              intraday_quantity: '0.000000000000000000',
              marked_cost_basis: '0.00',
              marked_quantity: '0.000000000000000000',
            },
          ],
          created_at: '2024-03-04T16:20:00.000000-05:00',
          currency: {
            brand_color: 'EA963D',
            code: h.code,
            id: `d2c4e6f8-0000-4000-8000-${currencyHex}`,
            increment: '0.000000010000000000',
            name: `${h.code} coin`,
            type: h.type ?? 'cryptocurrency',
          },
          id: `a1b2c3d4-0000-4000-8000-${String(page * 100 + index).padStart(12, '0')}`,
          quantity: h.quantity,
          quantity_available: h.quantity,
          quantity_held_for_buy: '0.000000000000000000',
          quantity_held_for_sell: '0.000000000000000000',
          updated_at: '2025-11-03T15:04:05.123456-05:00',
        };
      }),
    });
  }

  private answer(reply: FakeReply, res: ServerResponse) {
    if (reply === 'hang') {
      this.hanging.add(res);
      return;
    }
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
    res.end(reply.body);
  }

  private refuse(problem: string, res: ServerResponse) {
    this.unhandled.push(problem);
    res.writeHead(599, { 'content-type': 'text/plain' });
    res.end(`fake robinhood: ${problem}`);
  }
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export function startFakeRobinhood(): Promise<FakeRobinhoodServer> {
  return FakeRobinhoodServer.start();
}
