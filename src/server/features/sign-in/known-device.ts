/**
 * The known-device cookie (`fw_device`): set on every successful sign-in, signed with the app secret and
 * HttpOnly, it names the browser (a random id) and the accounts that signed in from it (their tags, newest
 * first). A browser carrying it has its own sign-in counter for those accounts (login-throttle.ts), so
 * failures from other browsers behind the same IP never slow its owner down.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KnownDevice } from './login-throttle';

export const KNOWN_DEVICE_COOKIE = 'fw_device';
const KNOWN_DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60;
/** Accounts remembered per browser (a shared family computer). */
const KNOWN_ACCOUNTS_PER_DEVICE = 5;
const PART = /^[A-Za-z0-9_-]{16,43}$/;

/** The browser's known-device cookie when it is present, signed by this server and well formed. */
export function readKnownDevice(request: FastifyRequest): KnownDevice | undefined {
  const raw = request.cookies[KNOWN_DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  const [id, ...accountTags] = unsigned.value.split('.');
  if (!id || ![id, ...accountTags].every((part) => PART.test(part))) return undefined;
  return { id, accountTags };
}

/** Adds the account's tag to the browser's cookie (a new device id when it has none). */
export function rememberKnownDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  device: KnownDevice | undefined,
  accountTag: string,
): void {
  const id = device?.id ?? randomBytes(16).toString('base64url');
  const others = (device?.accountTags ?? []).filter((tag) => tag !== accountTag);
  const tags = [accountTag, ...others].slice(0, KNOWN_ACCOUNTS_PER_DEVICE);
  reply.setCookie(KNOWN_DEVICE_COOKIE, [id, ...tags].join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/api/auth',
    secure: request.server.deps.config.cookieSecure || request.protocol === 'https',
    maxAge: KNOWN_DEVICE_MAX_AGE_S,
  });
}
