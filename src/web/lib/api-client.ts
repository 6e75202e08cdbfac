import type { ZodType } from 'zod';
import type { AppError } from '../../contracts/errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** 'returnNull' answers null for a 401 instead of throwing (spec 000 §7: "it can be set to give null"). */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

/**
 * Builds the app's one error type. The contracts module (and zod with it) is loaded only when an error actually
 * happens, so the shell that every page loads stays small; a signed-out visit to / never needs it.
 */
export async function createAppError(
  code: string,
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
 * with `schema` when one is given. A 204 (or an empty body) resolves to undefined.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  schema?: ZodType<T>,
  options?: ApiRequestOptions & { on401?: 'throw' },
): Promise<T>;
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body: unknown,
  schema: ZodType<T> | undefined,
  options: ApiRequestOptions & { on401: 'returnNull' },
): Promise<T | null>;
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  schema?: ZodType<T>,
  options: ApiRequestOptions = {},
): Promise<T | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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

  if (response.status === 401 && options.on401 === 'returnNull') return null;

  const text = await response.text();
  if (!response.ok) throw await errorFromResponse(response, text);
  if (text === '') return undefined as T;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw await createAppError('BAD_RESPONSE', 'The server sent a response that could not be read.', {
      status: response.status,
    });
  }
  if (!schema) return json as T;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw await createAppError('BAD_RESPONSE', 'The server sent an unexpected response.', {
      status: response.status,
    });
  }
  return parsed.data;
}

/** Turns a non-OK answer into the app's one error type. */
export async function errorFromResponse(
  response: Pick<Response, 'status' | 'statusText'>,
  text: string,
): Promise<AppError> {
  const { AppError, ZErrorBody } = await import('../../contracts/errors');
  const parsed = ZErrorBody.safeParse(safeJson(text));
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new AppError(code, message, { status: response.status, fields });
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

/** Codes the client makes up itself when the server gave no readable error body. */
const CLIENT_SIDE_CODES = new Set(['HTTP_ERROR', 'BAD_RESPONSE']);

/**
 * The server's own message (from its `{ error: { message } }` body, or a network failure), or `fallback` when the
 * server gave none — e.g. 'Login failed. Please try again.' (spec 001 §8).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && 'code' in error && CLIENT_SIDE_CODES.has(String(error.code))) return fallback;
  return errorMessage(error, fallback);
}

/** The message to show a person for any thrown value, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
