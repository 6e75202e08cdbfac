/**
 * Stripe's wire format as the fake speaks it: objects with `object` and prefixed ids, form-encoded bodies in
 * bracket notation, list objects, and errors as `{ error: { type, code, message, decline_code? } }`.
 */
import { randomBytes } from 'node:crypto';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'rate_limit_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

/** One endpoint of the fake: a request whose method and path match is answered by `handle`. */
export interface Route {
  method: string;
  path: RegExp;
  handle: (match: RegExpExecArray, body: Record<string, FormValue>) => unknown;
}

/** Stripe's ids: a prefix and random letters and digits. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

/** Decodes `a[b][0][c]=v` form bodies and query strings into nested objects and arrays, as Stripe does. */
export function decodeStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, index) => {
      const isLast = index === path.length - 1;
      const key = segment === '' && Array.isArray(node) ? node.length : segment;
      const container = node as Record<string | number, FormValue>;
      if (isLast) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

export function listOf(url: string, data: unknown[]) {
  return { object: 'list', data, has_more: false, url };
}

export class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function missing(kind: string, id: string): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

export function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function record(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
}
