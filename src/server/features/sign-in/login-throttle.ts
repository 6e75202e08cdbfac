/**
 * Sign-in throttling without lockout (decision 015). Failures are counted per (account, client) pair, where
 * the client is the browser when it carries a known-device cookie for that account and the IP (/64 for IPv6)
 * otherwise: a few attempts are free, then each further one must wait 1 s, 2 s, 4 s ... up to 15 minutes.
 * Failures from elsewhere never touch the owner's pair, so nobody can lock an account. Unknown clients also
 * share a cap per IP across accounts (guessing many accounts from one address). Counters live in the shared
 * limit store, so every instance sees them.
 */
import { createHmac } from 'node:crypto';
import { AppError } from '../../../contracts/errors';
import { clientKey } from '../../limits/client-key';
import type { LimitStore } from '../../limits/store';

export const LOGIN_LIMITS = {
  /** Failed sign-ins per (account, client) pair before the delays start. */
  freeAttempts: 5,
  /** The longest delay between attempts of one pair. */
  maxDelaySeconds: 15 * 60,
  /** A pair's failures are counted over this window from its first one (a success clears them). */
  pairWindowMs: 24 * 60 * 60_000,
  /** Failed sign-ins per IP (/64) across all accounts, for clients without a known-device cookie... */
  perIp: 50,
  /** ...in this window. */
  perIpWindowMs: 15 * 60_000,
} as const;

/**
 * Seconds a pair must wait after its `attempts`-th attempt (counted while its failures last) before the next
 * one: 0 for the free attempts, then 1, 2, 4, 8 ... up to LOGIN_LIMITS.maxDelaySeconds.
 */
export function loginDelaySeconds(attempts: number): number {
  const past = attempts - LOGIN_LIMITS.freeAttempts;
  if (past <= 0) return 0;
  return Math.min(2 ** (past - 1), LOGIN_LIMITS.maxDelaySeconds);
}

export class LoginRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
    super('RATE_LIMITED', `Too many sign-in attempts. Try again in ${retryAfterSeconds} ${unit}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Where a sign-in comes from. */
export interface LoginClient {
  ip: string;
  /** The browser's known-device cookie, if it carries a valid one. */
  device?: KnownDevice | undefined;
}

/** A browser that signed in before: its id and a tag per account it signed in to (accountTag). */
export interface KnownDevice {
  id: string;
  accountTags: readonly string[];
}

/** What a started sign-in attempt is told afterwards. */
export interface LoginAttempt {
  /** The password was right: the pair's failures are forgotten and the IP's count gives this one back. */
  succeeded(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Records the attempt as a failure before anything is checked (so parallel guesses cannot slip past the
   * count), then throws LoginRateLimitedError when this client must wait.
   */
  begin(accountKey: string, client: LoginClient): Promise<LoginAttempt>;
  /** The tag a known-device cookie carries for an account (an HMAC: the cookie never holds the email). */
  accountTag(accountKey: string): string;
}

export function createLoginThrottle(options: { limits: LimitStore; secret: string }): LoginThrottle {
  const { limits, secret } = options;
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const accountTag = (accountKey: string) => hmac(`known-device:${accountKey}`).slice(0, 22);

  return {
    accountTag,
    async begin(accountKey, client) {
      const tag = accountTag(accountKey);
      const knownDevice = client.device?.accountTags.includes(tag) ? client.device : undefined;
      const clientPart = knownDevice ? `device:${knownDevice.id}` : `ip:${clientKey(client.ip)}`;
      const pair = `login:pair:${hmac(`login:${accountKey}`)}:${clientPart}`;
      const gate = `login:gate:${hmac(`login:${accountKey}`)}:${clientPart}`;
      const ipKey = knownDevice ? undefined : `login:ip:${clientKey(client.ip)}`;

      const [failures, ipFailures] = await Promise.all([
        limits.increment(pair, LOGIN_LIMITS.pairWindowMs),
        ipKey ? limits.increment(ipKey, LOGIN_LIMITS.perIpWindowMs) : undefined,
      ]);
      if (ipFailures && ipFailures.count > LOGIN_LIMITS.perIp) {
        throw new LoginRateLimitedError(Math.max(1, Math.ceil(ipFailures.resetInMs / 1000)));
      }
      // Past the free attempts, one attempt per delay: the attempt that opens the gate goes ahead, any other
      // before it closes is refused (and, being counted, makes the next delay longer).
      const delaySeconds = loginDelaySeconds(failures.count);
      if (delaySeconds > 0) {
        const passage = await limits.increment(gate, delaySeconds * 1000);
        if (passage.count > 1) {
          throw new LoginRateLimitedError(Math.max(1, Math.ceil(passage.resetInMs / 1000)));
        }
      }
      return {
        async succeeded() {
          await Promise.all([limits.remove([pair, gate]), ipKey ? limits.decrement(ipKey) : undefined]);
        },
      };
    },
  };
}
