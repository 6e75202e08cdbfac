import { describe, expect, it } from 'vitest';
import { ConfigError, buildConfig, listenUrl, parseEnv } from './config';

describe('configuration', () => {
  it('needs nothing outside production', () => {
    const env = parseEnv({});
    const config = buildConfig(env, 'x'.repeat(32));
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      demoFeatures: true,
      marketDataProvider: 'auto',
      quoteCacheSeconds: 60,
      cookieSecure: false,
      robinhoodBaseUrl: 'https://api.robinhood.com',
      robinhoodCryptoBaseUrl: 'https://nummus.robinhood.com',
      redis: { url: undefined, keyPrefix: 'foliowise:' },
      tradesPerMinute: 30,
    });
  });

  it('takes the public URL from PUBLIC_URL, else from the address it listens on, never localhost by guess', () => {
    const publicUrl = (env: Record<string, string>) => buildConfig(parseEnv(env), 'x'.repeat(32)).publicUrl;
    expect(publicUrl({})).toBe('http://127.0.0.1:5000');
    expect(publicUrl({ HOST: '127.0.0.1', PORT: '5123' })).toBe('http://127.0.0.1:5123');
    expect(publicUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(publicUrl({ HOST: '::', PORT: '8080' })).toBe('http://[::1]:8080');
    expect(publicUrl({ HOST: 'app.internal', PORT: '80' })).toBe('http://app.internal:80');
    expect(publicUrl({ PUBLIC_URL: 'https://foliowise.example/', HOST: '0.0.0.0' })).toBe(
      'https://foliowise.example',
    );
    expect(listenUrl('fd00::5', 5000)).toBe('http://[fd00::5]:5000');
    expect(listenUrl('[::1]', 5000)).toBe('http://[::1]:5000');
  });

  it('offers demo accounts by default outside production only; DEMO_FEATURES overrides', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32) };
    const demoFeatures = (env: Record<string, string>) =>
      buildConfig(parseEnv(env), 'x'.repeat(32)).demoFeatures;
    expect(demoFeatures(production)).toBe(false);
    expect(demoFeatures({ ...production, DEMO_FEATURES: 'true' })).toBe(true);
    expect(demoFeatures({ NODE_ENV: 'development' })).toBe(true);
    expect(demoFeatures({ NODE_ENV: 'development', DEMO_FEATURES: 'false' })).toBe(false);
  });

  it('reads TRADES_PER_MINUTE (0 turns the limit off) and REDIS_URL', () => {
    expect(parseEnv({ TRADES_PER_MINUTE: '0' }).TRADES_PER_MINUTE).toBe(0);
    expect(parseEnv({ TRADES_PER_MINUTE: '120' }).TRADES_PER_MINUTE).toBe(120);
    expect(() => parseEnv({ TRADES_PER_MINUTE: '-1' })).toThrow(/^Invalid configuration: TRADES_PER_MINUTE /);
    expect(parseEnv({ REDIS_URL: 'rediss://cache.internal:6380' }).REDIS_URL).toBe(
      'rediss://cache.internal:6380',
    );
    expect(() => parseEnv({ REDIS_URL: 'http://cache.internal' })).toThrow(
      /^Invalid configuration: REDIS_URL /,
    );
  });

  it('marks cookies Secure (and sends HSTS) by default in production only; COOKIE_SECURE overrides', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32) };
    const cookieSecure = (env: Record<string, string>) =>
      buildConfig(parseEnv(env), 'x'.repeat(32)).cookieSecure;
    expect(cookieSecure(production)).toBe(true);
    expect(cookieSecure({ ...production, COOKIE_SECURE: 'false' })).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'development' })).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'development', COOKIE_SECURE: 'true' })).toBe(true);
  });

  it('warms the returns engine before listening by default in production only; RETURNS_WARM_UP overrides', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32) };
    const returnsWarmUp = (env: Record<string, string>) =>
      buildConfig(parseEnv(env), 'x'.repeat(32)).returnsWarmUp;
    expect(returnsWarmUp(production)).toBe(true);
    expect(returnsWarmUp({ ...production, RETURNS_WARM_UP: 'off' })).toBe(false);
    expect(returnsWarmUp({ NODE_ENV: 'test' })).toBe(false);
    expect(returnsWarmUp({ NODE_ENV: 'development', RETURNS_WARM_UP: 'on' })).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '  ', DEMO_FEATURES: '' })).toMatchObject({
      PORT: 5000,
      DATABASE_URL: undefined,
      DEMO_FEATURES: undefined,
    });
  });

  it('parses lists and flags', () => {
    const env = parseEnv({
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      DEMO_FEATURES: 'off',
      COOKIE_SECURE: '1',
    });
    expect(env.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(env.DEMO_FEATURES).toBe(false);
    expect(env.COOKIE_SECURE).toBe(true);
  });

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses and CIDRs', () => {
    for (const off of [undefined, '', 'false', '0', 'off']) {
      expect(parseEnv({ TRUST_PROXY: off }).TRUST_PROXY, String(off)).toBe(false);
    }
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.1, 10.0.0.0/8,Loopback,::1,fd00::/8 ' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'Invalid configuration: PORT must be a whole number'],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL /],
    [{ MARKET_DATA_PROVIDER: 'bloomberg' }, /^Invalid configuration: MARKET_DATA_PROVIDER /],
    [{ DEMO_FEATURES: 'maybe' }, /^Invalid configuration: DEMO_FEATURES /],
    [
      { ROBINHOOD_CRYPTO_BASE_URL: 'ftp://nummus.example' },
      /^Invalid configuration: ROBINHOOD_CRYPTO_BASE_URL /,
    ],
    [
      { ANALYTICS_ID: 'UA-123' },
      'Invalid configuration: ANALYTICS_ID must be a GA4 measurement id such as G-ABC123XYZ',
    ],
    [{ APP_SECRET: 'short' }, 'Invalid configuration: APP_SECRET must be at least 32 characters'],
    [
      { TRUST_PROXY: 'true' },
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the app (1) or their ' +
        'addresses/CIDRs (10.0.0.1,10.0.0.0/8); true would let any client pick its IP',
    ],
    [
      { TRUST_PROXY: '10.0.0.1,10.0.0.0/33' },
      'Invalid configuration: TRUST_PROXY must be the number of proxies in front of the app (1) or their ' +
        'addresses/CIDRs (10.0.0.1,10.0.0.0/8); "10.0.0.0/33" is neither',
    ],
    [{ TRUST_PROXY: 'proxy.internal' }, /^Invalid configuration: TRUST_PROXY .*"proxy.internal" is neither$/],
    [{ TRUST_PROXY: '10.0.0.1,' }, /^Invalid configuration: TRUST_PROXY .*"" is neither$/],
    [
      { NODE_ENV: 'production' },
      'Invalid configuration: APP_SECRET is required in production (at least 32 characters)',
    ],
  ])('stops with one line naming the bad variable: %o', (env, message) => {
    let error: unknown;
    try {
      parseEnv(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).not.toContain('\n');
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });
});
