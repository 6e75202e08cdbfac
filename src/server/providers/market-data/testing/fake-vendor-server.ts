/**
 * A scripted vendor for adapter tests: a real HTTP server on 127.0.0.1 (port 0) that answers only the
 * requests a test told it to expect. Anything else gets a 599 and is recorded in `unhandled`, which each
 * test asserts is empty (like MSW's `onUnhandledRequest: 'error'`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { VendorError } from '../types';

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  /** A string or Buffer is sent as is; anything else as JSON. */
  body?: unknown;
  /** Default content-type: application/json for objects, none otherwise unless given here. */
  headers?: Record<string, string | string[]>;
  /** Never answer (until the server closes): for timeout tests. */
  hang?: boolean;
  /** Drop the connection without an answer: for network-error tests. */
  destroy?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  matched: boolean;
}

export interface Expectation {
  method: string;
  path: string;
  /** Every param the request must carry, and (unless `extraQuery`) no others. */
  query: Record<string, string>;
  extraQuery: boolean;
  /** How many more times it may answer; Infinity by default. */
  remaining: number;
  respond: ScriptedResponse | ((req: RecordedRequest) => ScriptedResponse);
}

export interface ExpectOptions {
  /** Answer this many times only (then the next matching expectation, or 599). */
  times?: number;
  /** Allow params beyond the listed ones. */
  extraQuery?: boolean;
}

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** A fixture file's exact bytes, e.g. `fixture('yahoo/quote-v7-AAPL.json')`. */
export function fixture(name: string): string {
  return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

/** A JSON fixture served with its recorded bytes and a JSON content type. */
export function jsonFixture(name: string, status = 200): ScriptedResponse {
  return { status, body: fixture(name), headers: { 'content-type': 'application/json' } };
}

export const HTML_502: ScriptedResponse = {
  status: 502,
  body: '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n',
  headers: { 'content-type': 'text/html' },
};

/** The same HTML page sent with 200, as some CDNs and captive portals do. */
export const HTML_200: ScriptedResponse = { ...HTML_502, status: 200 };

/** The first half of a fixture, as a connection cut mid-body would leave it. */
export function truncatedFixture(name: string): ScriptedResponse {
  const text = fixture(name);
  return {
    status: 200,
    body: text.slice(0, Math.floor(text.length / 2)),
    headers: { 'content-type': 'application/json' },
  };
}

export class FakeVendorServer {
  readonly requests: RecordedRequest[] = [];
  /** One line per request that no expectation matched. Tests assert this is empty. */
  readonly unhandled: string[] = [];
  private readonly expectations: Expectation[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeVendorServer> {
    // No request can arrive before `fake` exists: nobody knows the port until this returns.
    const server = createServer((req, res) =>
      fake.handle(req.method ?? 'GET', req.url ?? '/', req.headers, res),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = new FakeVendorServer(server, `http://127.0.0.1:${port}`);
    return fake;
  }

  /**
   * Expects a request, written 'GET /path?a=1&b=2' (method optional, GET by default). The query
   * is compared as a set of decoded params, order-insensitive.
   */
  on(
    spec: string,
    respond: ScriptedResponse | ((req: RecordedRequest) => ScriptedResponse),
    opts: ExpectOptions = {},
  ): this {
    const match = /^(?:([A-Z]+)\s+)?(\S+)$/.exec(spec.trim());
    if (!match?.[2]) throw new Error(`bad expectation ${spec}`);
    const target = new URL(match[2], 'http://fake');
    this.expectations.push({
      method: match[1] ?? 'GET',
      path: target.pathname,
      query: Object.fromEntries(target.searchParams),
      extraQuery: opts.extraQuery ?? false,
      remaining: opts.times ?? Number.POSITIVE_INFINITY,
      respond,
    });
    return this;
  }

  /** Requests made to a path (any query), in order. */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(method: string, rawUrl: string, headers: IncomingHttpHeaders, res: ServerResponse) {
    const target = new URL(rawUrl, 'http://fake');
    const query: Record<string, string> = {};
    const duplicated: string[] = [];
    for (const [key, value] of target.searchParams) {
      if (key in query) duplicated.push(key);
      query[key] = value;
    }
    const request: RecordedRequest = {
      method,
      path: target.pathname,
      query,
      url: rawUrl,
      headers,
      matched: false,
    };
    this.requests.push(request);
    const expectation =
      duplicated.length === 0
        ? this.expectations.find((e) => e.remaining > 0 && this.matches(e, request))
        : undefined;
    if (!expectation) {
      this.unhandled.push(`${method} ${rawUrl}`);
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(`fake vendor: unexpected request ${method} ${rawUrl}`);
      return;
    }
    expectation.remaining -= 1;
    request.matched = true;
    const answer =
      typeof expectation.respond === 'function' ? expectation.respond(request) : expectation.respond;
    if (answer.hang) return;
    if (answer.destroy) {
      res.socket?.destroy();
      return;
    }
    const isRaw = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
    const body =
      answer.body === undefined ? '' : isRaw ? (answer.body as string | Buffer) : JSON.stringify(answer.body);
    const outHeaders: Record<string, string | string[]> = {
      ...(answer.body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
      ...answer.headers,
    };
    res.writeHead(answer.status ?? 200, outHeaders);
    res.end(body);
  }

  private matches(e: Expectation, r: RecordedRequest): boolean {
    if (e.method !== r.method || e.path !== r.path) return false;
    for (const [key, value] of Object.entries(e.query)) if (r.query[key] !== value) return false;
    if (!e.extraQuery && Object.keys(r.query).some((key) => !(key in e.query))) return false;
    return true;
  }
}

export function startFakeVendorServer(): Promise<FakeVendorServer> {
  return FakeVendorServer.start();
}

/**
 * Awaits a call that must fail and returns its VendorError; any other outcome (success, another error
 * type) fails the test with a readable message.
 */
export async function vendorFailure(promise: Promise<unknown>): Promise<VendorError> {
  let result: unknown;
  try {
    result = await promise;
  } catch (error) {
    if (error instanceof VendorError) return error;
    throw new Error(`expected a VendorError, got ${String(error)}`, { cause: error });
  }
  throw new Error(`expected a VendorError, got a result: ${JSON.stringify(result)?.slice(0, 200)}`);
}
