/**
 * The one way vendor adapters talk HTTP: every failure ends as a VendorError of a known kind, every
 * body is checked with a zod schema, and no API key ever appears in an error message.
 */
import type { z } from 'zod';
import { instantOfLocalTime, isIsoDate, localDateOf } from '../../../domain/calendar';
import { rejectOnAbort } from '../../lib/abort';
import { VendorError, type VendorName } from './types';

export type VendorErrorKind = VendorError['kind'];

/** The subset of `fetch` the adapters need; tests and yahoo-finance2 pass their own. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What every adapter factory takes. Defaults: the vendor's real base URL and `globalThis.fetch`. */
export interface AdapterOptions {
  apiKey?: string;
  baseUrl?: string;
  fetch?: FetchLike;
}

/** A vendor-specific reading of a parsed body (an error object sent with HTTP 200, say). */
export type VendorBodyCheck = (
  body: unknown,
  status: number,
) => { kind: VendorErrorKind; message: string } | undefined;

export interface FetchJsonOptions<S extends z.ZodType> {
  /** Every body is validated; a mismatch is 'bad_response'. */
  schema: S;
  signal: AbortSignal;
  headers?: Record<string, string>;
  fetch?: FetchLike;
  /** Strings that must never appear in an error message (API keys). */
  secrets?: readonly (string | undefined)[];
  /** Checked on any parsed JSON body before the HTTP status and the schema. */
  check?: VendorBodyCheck;
  /** Names the request in error messages, e.g. 'quote AAPL'. Never the URL (it may hold a key). */
  what?: string;
}

const TOO_MANY_REQUESTS = /too many requests|rate.?limit/i;

/** Replaces every secret in a text with `***`. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 3) out = out.split(secret).join('***');
  }
  return out;
}

/** A short, single-line excerpt of a body for an error message. */
export function snippet(text: string, max = 120): string {
  const line = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

export function vendorError(
  vendor: VendorName,
  kind: VendorErrorKind,
  message: string,
  secrets: readonly (string | undefined)[] = [],
): VendorError {
  return new VendorError(vendor, kind, redact(message, secrets));
}

function isAbortLike(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * A thrown fetch / body-read failure as a VendorError: aborts and timeouts are 'timeout', anything else
 * (connection refused, reset, DNS) is 'unavailable'. The cause is not attached: it may name the URL.
 */
export function networkError(
  vendor: VendorName,
  error: unknown,
  signal: AbortSignal | undefined,
  what = 'request',
): VendorError {
  if (error instanceof VendorError) return error;
  if (signal?.aborted || isAbortLike(error)) {
    return new VendorError(vendor, 'timeout', `${what}: no answer in time`);
  }
  return new VendorError(vendor, 'unavailable', `${what}: could not reach the vendor`);
}

/** The kind an HTTP error status means, or undefined for a success status. */
export function statusKind(status: number, text = ''): VendorErrorKind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 429) return 'rate_limited';
  // 402 is FMP's "premium endpoint" answer: the key's plan does not include it.
  if (status === 401 || status === 402 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status >= 500) return TOO_MANY_REQUESTS.test(text) ? 'rate_limited' : 'unavailable';
  if (TOO_MANY_REQUESTS.test(text)) return 'rate_limited';
  return 'bad_response';
}

/** Parses JSON, or returns undefined for a non-JSON or truncated body. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Classifies a response that has been read: the error it stands for, or undefined when it is a success
 * with a JSON body (when `expectJson`) or any body (otherwise).
 */
export function responseError(
  vendor: VendorName,
  status: number,
  text: string,
  opts: { expectJson: boolean; what?: string; secrets?: readonly (string | undefined)[] },
): VendorError | undefined {
  const what = opts.what ?? 'request';
  const kind = statusKind(status, text);
  if (kind) {
    const detail = snippet(text);
    return vendorError(vendor, kind, `${what}: HTTP ${status}${detail ? ` (${detail})` : ''}`, opts.secrets);
  }
  if (opts.expectJson && !parseJson(text).ok) {
    if (TOO_MANY_REQUESTS.test(text)) {
      return vendorError(vendor, 'rate_limited', `${what}: ${snippet(text)}`, opts.secrets);
    }
    const detail = snippet(text, 60);
    return vendorError(
      vendor,
      'bad_response',
      `${what}: the body is not JSON${detail ? ` (${detail})` : ''}`,
      opts.secrets,
    );
  }
  return undefined;
}

/** GETs a URL and returns status and body text; only network failures and aborts throw. */
export async function fetchText(
  vendor: VendorName,
  url: string,
  opts: { signal: AbortSignal; headers?: Record<string, string>; fetch?: FetchLike; what?: string },
): Promise<{ status: number; text: string; headers: Headers }> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const what = opts.what ?? 'request';
  let response: Response;
  try {
    response = await doFetch(url, {
      signal: opts.signal,
      headers: { accept: 'application/json', ...opts.headers },
    });
  } catch (error) {
    throw networkError(vendor, error, opts.signal, what);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw networkError(vendor, error, opts.signal, what);
  }
  return { status: response.status, text, headers: response.headers };
}

/**
 * GETs a JSON document and validates it. Failures map to VendorError:
 * 429 'rate_limited'; 401/403 'unauthorized'; 404 'not_found'; 5xx 'unavailable'; abort/timeout
 * 'timeout'; network errors 'unavailable'; a non-JSON or truncated body 'bad_response' (or
 * 'rate_limited' when it says too many requests); a schema mismatch 'bad_response'.
 * `check` sees any parsed body first, for vendors that send errors with HTTP 200.
 */
export async function fetchJson<S extends z.ZodType>(
  vendor: VendorName,
  url: string,
  opts: FetchJsonOptions<S>,
): Promise<z.output<S>> {
  const what = opts.what ?? 'request';
  const { status, text } = await fetchText(vendor, url, opts);
  const parsed = parseJson(text);
  if (parsed.ok && opts.check) {
    const found = opts.check(parsed.value, status);
    if (found) throw vendorError(vendor, found.kind, `${what}: ${found.message}`, opts.secrets);
  }
  const failure = responseError(vendor, status, text, { expectJson: true, what, secrets: opts.secrets });
  if (failure) throw failure;
  if (!parsed.ok) throw vendorError(vendor, 'bad_response', `${what}: the body is not JSON`);
  const result = opts.schema.safeParse(parsed.value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw vendorError(
      vendor,
      'bad_response',
      `${what}: unexpected body${where}${issue ? `: ${issue.message}` : ''}`,
      opts.secrets,
    );
  }
  return result.data;
}

/** Rejects with a 'timeout' VendorError as soon as the signal aborts, whatever the promise does. */
export function raceSignal<T>(vendor: VendorName, promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return rejectOnAbort(promise, signal, () => networkError(vendor, signal.reason, signal));
}

/** Joins a base URL (with or without a trailing slash) and a path. */
export function joinUrl(base: string, path: string, query?: Record<string, string | undefined>): string {
  const url = path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

// ---- dates -------------------------------------------------------------------------------------

/** The calendar date (YYYY-MM-DD) of an instant in a time zone; New York by default (US sessions) and for an unknown zone. */
export function zonedDate(ms: number, timeZone = 'America/New_York'): string {
  try {
    return localDateOf(ms, timeZone);
  } catch {
    return localDateOf(ms, 'America/New_York');
  }
}

/** 16:00 New York time on a US trading day, as an ISO instant (the regular session's close). */
export function newYorkCloseIso(date: string): string {
  return instantOfLocalTime(date, 16, 0, 'America/New_York').toISOString();
}

/** The earlier of an ISO instant and now: a price is never dated in the future. */
export function notAfterNow(iso: string, now = Date.now()): string {
  return Date.parse(iso) > now ? new Date(now).toISOString() : iso;
}

/** Adapters take YYYY-MM-DD dates only; anything else is the caller's mistake (a RangeError). */
export function assertIsoDate(value: string): void {
  if (!isIsoDate(value)) {
    throw new RangeError(`invalid date ${JSON.stringify(value)}; expected YYYY-MM-DD`);
  }
}
