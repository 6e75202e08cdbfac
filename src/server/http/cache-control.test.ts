import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUpUser } from '../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cacheControlOf = async (method: 'GET' | 'POST', url: string, cookie?: string) => {
  const res = await t.app.inject({
    method,
    url,
    ...(method === 'POST' ? { payload: {} } : {}),
    headers: cookie ? { cookie: `fw_session=${cookie}` } : {},
  });
  return res.headers['cache-control'];
};

describe('Cache-Control on /api', () => {
  it('is no-store on every API answer: success, error, refusal and 404, whatever the path encoding', async () => {
    const { cookie } = await signUpUser(t.app);
    expect(await cacheControlOf('GET', '/api/auth/me', cookie)).toBe('no-store');
    expect(await cacheControlOf('GET', '/%61pi/auth/me', cookie)).toBe('no-store');
    expect(await cacheControlOf('GET', '/api/auth/me')).toBe('no-store'); // a visitor
    expect(await cacheControlOf('GET', '/api/portfolio')).toBe('no-store'); // 401
    expect(await cacheControlOf('GET', '/api/health')).toBe('no-store');
    expect(await cacheControlOf('POST', '/api/auth/login')).toBe('no-store'); // 400
    expect(await cacheControlOf('GET', '/api/nowhere')).toBe('no-store'); // 404
    expect(await cacheControlOf('GET', '/api/resources/guides/no-such-guide.pdf')).toBe('no-store');
  });

  it('keeps the header of a route that sets its own', async () => {
    expect(await cacheControlOf('GET', '/api/achievements')).toBe('public, max-age=300');
    expect(await cacheControlOf('GET', '/api/resources/guides/understanding-risk-and-volatility.pdf')).toBe(
      'public, max-age=3600',
    );
    expect(await cacheControlOf('GET', '/robots.txt')).toBe('public, max-age=3600');
  });
});
