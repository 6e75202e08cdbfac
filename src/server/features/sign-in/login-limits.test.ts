import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectError, signUpUser, TEST_PASSWORD } from '../../testing/users';
import { KNOWN_DEVICE_COOKIE } from './known-device';
import { LOGIN_LIMITS } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test from its own addresses, so the counters of one test never touch another. */
const uniqueIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const RETRY = /^Too many sign-in attempts\. Try again in (\d+) seconds?\.$/;

function logIn(email: string, password: string, options: { ip: string; device?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: options.ip,
    headers: options.device ? { cookie: `${KNOWN_DEVICE_COOKIE}=${options.device}` } : {},
  });
}
const wrong = (i: number) => `Wrong-${i}-password`;

function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  if (!cookie) throw new Error('no known-device cookie');
  return cookie.value;
}

/** As if the pair's current delay had passed: its gate's window ends now. */
async function endDelay(ip: string) {
  await t.deps.database.pool.query(
    `update limit_counter set expires_at = now() where key like 'login:gate:%:ip:' || $1`,
    [ip],
  );
}

/**
 * Asserts a 429 whose wait (message and Retry-After alike) lies in [min, max] seconds: it counts down from the
 * attempt that opened it, so a slow machine may see less than the full delay.
 */
function expectRetryAfter(res: LightMyRequestResponse, min: number, max: number) {
  const error = expectError(res, 429, 'RATE_LIMITED');
  expect(error.message).toMatch(RETRY);
  const seconds = Number(RETRY.exec(error.message)?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(min);
  expect(seconds).toBeLessThanOrEqual(max);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.headers['set-cookie']).toBeUndefined();
}

/** An attacker's run: `count` wrong passwords, then one more checked one that opens the longest wait. */
async function hammer(email: string, ip: string, count = 30) {
  for (let i = 0; i < count; i++) await logIn(email, wrong(i), { ip });
  await endDelay(ip);
  expectError(await logIn(email, wrong(count), { ip }), 401, 'INVALID_CREDENTIALS');
}

describe('sign-in without lockout', () => {
  it("an attacker hammering an email from one address does not stop the owner's sign-in from another", async () => {
    const { email } = await signUpUser(t.app);
    const attacker = uniqueIp();
    await hammer(email, attacker);
    expectRetryAfter(await logIn(email, TEST_PASSWORD, { ip: attacker }), 800, 900);

    const owner = await logIn(email.toUpperCase(), TEST_PASSWORD, { ip: uniqueIp() });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("nor the owner's known device behind the attacker's own address", async () => {
    const { email } = await signUpUser(t.app);
    const shared = uniqueIp();
    const first = await logIn(email, TEST_PASSWORD, { ip: shared });
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    const raw = first.headers['set-cookie'];
    const setCookie = (Array.isArray(raw) ? raw : [String(raw)]).find((c) =>
      c.startsWith(`${KNOWN_DEVICE_COOKIE}=`),
    );
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Path=\/api\/auth/);

    await hammer(email, shared);
    expect((await logIn(email, TEST_PASSWORD, { ip: shared })).statusCode).toBe(429);

    const owner = await logIn(email, TEST_PASSWORD, { ip: shared, device });
    expect(owner.statusCode, owner.body).toBe(200);
    // A cookie that was tampered with is no known device.
    expect((await logIn(email, TEST_PASSWORD, { ip: shared, device: `x${device}` })).statusCode).toBe(429);
  });

  it("the attacker's own attempts slow down: free ones, then 1 s, 2 s, 4 s ... between attempts", async () => {
    const { email } = await signUpUser(t.app);
    const ip = uniqueIp();
    for (let i = 1; i <= LOGIN_LIMITS.freeAttempts; i++) {
      expectError(await logIn(email, wrong(i), { ip }), 401, 'INVALID_CREDENTIALS');
    }
    // Attempts 6 and 7 are checked once their waits (1 s, 2 s) have passed; the 8th opens a 4-second wait.
    for (const attempt of [6, 7, 8]) {
      await endDelay(ip);
      expectError(await logIn(email, wrong(attempt), { ip }), 401, 'INVALID_CREDENTIALS');
    }
    // Inside the wait everything is refused, the right password too (else the answer would tell it).
    expectRetryAfter(await logIn(email, TEST_PASSWORD, { ip }), 2, 4);
    // The refused attempt counted: the 10th is checked and opens a 16-second wait.
    await endDelay(ip);
    expectError(await logIn(email, wrong(10), { ip }), 401, 'INVALID_CREDENTIALS');
    expectRetryAfter(await logIn(email, wrong(11), { ip }), 14, 16);
  });

  it('a successful sign-in forgets the failures of its pair', async () => {
    const { email } = await signUpUser(t.app);
    const ip = uniqueIp();
    for (let i = 1; i <= LOGIN_LIMITS.freeAttempts; i++) await logIn(email, wrong(i), { ip });
    expect((await logIn(email, TEST_PASSWORD, { ip })).statusCode).toBe(200);
    for (let i = 1; i <= LOGIN_LIMITS.freeAttempts + 1; i++) {
      expectError(await logIn(email, wrong(i), { ip }), 401, 'INVALID_CREDENTIALS');
    }
  });

  it('counts unknown emails like real ones, so the delay does not reveal which accounts exist', async () => {
    const ip = uniqueIp();
    const email = `ghost.${ipCounter}@example.com`;
    await hammer(email, ip);
    expectRetryAfter(await logIn(email, TEST_PASSWORD, { ip }), 800, 900);
  });

  it('parallel guesses cannot slip past the delay: one attempt per wait', async () => {
    const { email } = await signUpUser(t.app);
    const ip = uniqueIp();
    // 14 attempts in a row (refused ones count too), then the wait ends: the next wait is 2^9 s.
    for (let i = 1; i <= 14; i++) await logIn(email, wrong(i), { ip });
    await endDelay(ip);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => logIn(email, wrong(100 + i), { ip })),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(19);
  });

  it(`refuses an address after ${LOGIN_LIMITS.perIp} failures across accounts, even in parallel; known devices still sign in`, async () => {
    const { email } = await signUpUser(t.app);
    const ip = uniqueIp();
    const known = await logIn(email, TEST_PASSWORD, { ip });
    const device = deviceCookie(known);

    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perIp + 10 }, (_, i) =>
        logIn(`spray.${ipCounter}.${i}@example.com`, TEST_PASSWORD, { ip }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(LOGIN_LIMITS.perIp);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    const seconds = Number(refused[0]?.headers['retry-after']);
    expect(seconds).toBeGreaterThan(LOGIN_LIMITS.perIpWindowMs / 1000 - 60);
    expect(seconds).toBeLessThanOrEqual(LOGIN_LIMITS.perIpWindowMs / 1000);

    expect((await logIn(email, TEST_PASSWORD, { ip })).statusCode).toBe(429);
    expect((await logIn(email, TEST_PASSWORD, { ip, device })).statusCode).toBe(200);
    expect((await logIn(email, TEST_PASSWORD, { ip: uniqueIp() })).statusCode).toBe(200);
  });
});
