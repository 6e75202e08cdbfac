import type { AppError, ClientErrorCode } from '../../contracts/errors';

/**
 * What a success body is checked with: any zod schema fits, and so does a hand-written reader
 * (`schemaFromReader`) where the shell every page loads must stay free of zod.
 */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  /** Checks the success body; without one the parsed JSON is returned unchecked. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** Sent besides Accept and Content-Type, e.g. `Idempotency-Key` or `X-Time-Zone`. */
  headers?: Readonly<Record<string, string>>;
}

export interface GetOptions<T> extends RequestOptions<T> {
  /** 'returnNull' answers null for a 401 instead of throwing (spec 000 §7: "it can be set to give null"). */
  on401?: 'throw' | 'returnNull';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A schema built from a function that returns the checked value, or null when the body does not fit. */
export function schemaFromReader<T>(read: (value: unknown) => T | null): ResponseSchema<T> {
  return {
    safeParse: (value) => {
      const data = read(value);
      return data === null ? { success: false } : { success: true, data };
    },
  };
}

/**
 * Builds the app's one error type. The contracts module (and zod with it) is loaded only when an error actually
 * happens, so the shell that every page loads stays small; a signed-out visit to / never needs it.
 */
async function createAppError(
  code: ClientErrorCode,
  message: string,
  options: { status?: number; fields?: Record<string, string> } = {},
): Promise<AppError> {
  const { AppError } = await import('../../contracts/errors');
  return new AppError(code, message, options);
}

/**
 * The one way the browser talks to the API: cookies included, JSON both ways, no retries.
 * A non-OK answer throws an `AppError` built from the body's `{ error: { code, message, fields } }`; when the body
 * is not that shape the message is `${status}: ${bodyText || statusText}` (spec 000 §8). A success body is parsed
 * with `schema` when one is given; without one, a 204 (or an empty body) resolves to undefined. An abort rethrows the
 * browser's AbortError; any other failure to reach the server is a NETWORK_ERROR.
 */
async function request<T>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: GetOptions<T>,
): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A file (an uploaded image) travels as its own bytes with its own type, a form (an import's file) as
  // multipart with the boundary the browser writes into its Content-Type; anything else as JSON.
  const isFile = body instanceof Blob;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm)
    headers['Content-Type'] = isFile ? body.type || 'application/octet-stream' : 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isFile || isForm ? body : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw await createAppError(
      'NETWORK_ERROR',
      'Network error. Please check your connection and try again.',
      {
        status: 0,
      },
    );
  }

  if (response.status === 401 && options.on401 === 'returnNull') {
    // Read or cancel every body: a browser keeps an unread, uncacheable (no-store) answer open.
    await response.body?.cancel();
    return null;
  }

  const text = await response.text();
  if (!response.ok) throw await errorFromResponse(response, text);
  if (text === '' && !options.schema) return undefined as T;

  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw await createAppError('BAD_RESPONSE', 'The server sent a response that could not be read.', {
      status: response.status,
    });
  }
  if (!options.schema) return json as T;
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) {
    throw await createAppError('BAD_RESPONSE', 'The server sent an unexpected response.', {
      status: response.status,
    });
  }
  return parsed.data;
}

/** Turns a non-OK answer into the app's one error type. */
async function errorFromResponse(response: Response, text: string): Promise<AppError> {
  const { AppError, ZErrorBody, appErrorCodeOf } = await import('../../contracts/errors');
  const parsed = ZErrorBody.safeParse(safeJson(text));
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new AppError(appErrorCodeOf(code), message, { status: response.status, fields });
  }
  return new AppError('HTTP_ERROR', `${response.status}: ${text || response.statusText}`, {
    status: response.status,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function get<T = unknown>(path: string, options: GetOptions<T> & { on401: 'returnNull' }): Promise<T | null>;
function get<T = unknown>(path: string, options?: GetOptions<T> & { on401?: 'throw' }): Promise<T>;
function get<T>(path: string, options: GetOptions<T> = {}): Promise<T | null> {
  return request('GET', path, undefined, options);
}

/** The API client: `api.get(path, { schema, signal, headers, on401 })`, `api.post(path, body, options)`, ... */
export const api = {
  get,
  post: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    request('POST', path, body, options) as Promise<T>,
  put: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    request('PUT', path, body, options) as Promise<T>,
  patch: <T = unknown>(path: string, body?: unknown, options: RequestOptions<T> = {}) =>
    request('PATCH', path, body, options) as Promise<T>,
  delete: <T = unknown>(path: string, options: RequestOptions<T> = {}) =>
    request('DELETE', path, undefined, options) as Promise<T>,
};

/** The code of an `AppError` (or of any error that carries one), e.g. 'SUBSCRIPTION_REQUIRED'. */
export function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error ? String(error.code) : undefined;
}

/** Codes the client makes up itself when the server gave no readable error body. */
const CLIENT_SIDE_CODES = new Set(['HTTP_ERROR', 'BAD_RESPONSE']);

/**
 * The server's own message (from its `{ error: { message } }` body, or a network failure), or `fallback` when the
 * server gave none — e.g. 'Login failed. Please try again.' (spec 001 §8).
 */
export function serverMessage(error: unknown, fallback: string): string {
  const code = errorCode(error);
  if (code !== undefined && CLIENT_SIDE_CODES.has(code)) return fallback;
  return errorMessage(error, fallback);
}

/** The message to show a person for any thrown value, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
