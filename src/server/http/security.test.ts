import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../testing/test-app';
import type { AppConfig, TrustProxy } from '../config';
import { contentSecurityPolicy, registerSecurity, securityHeaders, trustProxyOption } from './security';

const CONFIGS: Record<string, Record<string, string>> = {
  'no Stripe, no analytics': {},
  Stripe: { STRIPE_PUBLISHABLE_KEY: 'pk_test_123' },
  analytics: { ANALYTICS_ID: 'G-ABC123XYZ' },
  'Stripe and analytics': { STRIPE_PUBLISHABLE_KEY: 'pk_test_123', ANALYTICS_ID: 'G-ABC123XYZ' },
};

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare app answering GET /page and POST /api/thing, with the given security set-up. */
async function appWith(setUp: (app: FastifyInstance) => PromiseLike<unknown> | void, trustProxy = false) {
  const app = Fastify({ trustProxy });
  apps.push(app);
  await setUp(app);
  app.get('/page', async () => 'page');
  app.post('/api/thing', async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** Every header of an answer but the date, which differs between two answers. */
async function headersOf(app: FastifyInstance, options: InjectOptions) {
  const { date: _date, ...headers } = (await app.inject(options)).headers;
  return headers;
}

/** The options this app used to give @fastify/helmet, which built helmet's middleware on every request. */
function helmetOptions(config: AppConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  };
}

describe('security headers', () => {
  for (const [name, env] of Object.entries(CONFIGS)) {
    it(`are exactly the headers @fastify/helmet set, computed once (${name})`, async () => {
      const config = testConfig(env);
      const withHelmet = await appWith((app) => app.register(helmet, helmetOptions(config)));
      const precomputed = await appWith((app) => registerSecurity(app, config));
      for (const url of ['/page', '/nowhere']) {
        expect(await headersOf(precomputed, { method: 'GET', url })).toEqual(
          await headersOf(withHelmet, { method: 'GET', url }),
        );
      }
      expect(Object.fromEntries(securityHeaders(config))).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
      });
    });
  }

  it('allow Stripe and the analytics tag only when configured, Stripe only on the paying pages', () => {
    const csp = (env: Record<string, string>, isPaymentPage = true) =>
      Object.fromEntries(securityHeaders(testConfig(env), { isPaymentPage }))['content-security-policy'];
    expect(csp({})).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self';connect-src 'self';worker-src 'self';manifest-src 'self';frame-src 'none';object-src 'none';base-uri 'none';" +
        "frame-ancestors 'none';form-action 'self'",
    );
    const both = csp(CONFIGS['Stripe and analytics']!);
    expect(both).toContain("script-src 'self' https://js.stripe.com https://www.googletagmanager.com;");
    expect(both).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(both).toContain("connect-src 'self' https://api.stripe.com https://*.google-analytics.com");
    const elsewhere = csp(CONFIGS['Stripe and analytics']!, false);
    expect(elsewhere).not.toContain('stripe');
    expect(elsewhere).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(elsewhere).toContain("frame-src 'none';");
  });

  it('give Stripe.js to the documents of the paying pages only', async () => {
    const config = testConfig(CONFIGS.Stripe);
    const app = await appWith((instance) => {
      registerSecurity(instance, config);
      for (const path of ['/subscribe', '/checkout', '/pricing']) instance.get(path, async () => 'page');
    });
    const cspOf = async (url: string) =>
      String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
    for (const url of ['/subscribe', '/subscribe/?plan=premium', '/Checkout']) {
      expect(await cspOf(url), url).toContain("script-src 'self' https://js.stripe.com;");
    }
    for (const url of ['/pricing', '/page', '/api/thing', '/subscribe-demo', '/nowhere']) {
      expect(await cspOf(url), url).not.toContain('stripe');
    }
  });

  it('add HSTS with secure cookies or over HTTPS, and only then', async () => {
    const hsts = 'max-age=31536000; includeSubDomains';
    const plain = await appWith((app) => registerSecurity(app, testConfig()), true);
    expect((await plain.inject('/page')).headers['strict-transport-security']).toBeUndefined();
    const https = await plain.inject({ url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(hsts);
    const secure = await appWith((app) => registerSecurity(app, testConfig({ COOKIE_SECURE: 'true' })));
    expect((await secure.inject('/page')).headers['strict-transport-security']).toBe(hsts);
  });

  it('add HSTS by default in production, unless COOKIE_SECURE=false', async () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'p'.repeat(32) };
    const secure = await appWith((app) => registerSecurity(app, testConfig(production)));
    expect((await secure.inject('/page')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const plain = await appWith((app) =>
      registerSecurity(app, testConfig({ ...production, COOKIE_SECURE: 'false' })),
    );
    expect((await plain.inject('/page')).headers['strict-transport-security']).toBeUndefined();
  });

  it('are on a refused cross-site request too', async () => {
    const config = testConfig();
    const app = await appWith((instance) => registerSecurity(instance, config));
    const res = await app.inject({
      method: 'POST',
      url: '/api/thing',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).not.toBe(200);
    for (const [name, value] of securityHeaders(config)) expect(res.headers[name]).toBe(value);
  });
});

describe('trusted proxies', () => {
  /** The client address a bare app sees for a request from `peer` that carries `forwardedFor`. */
  async function clientAddress(setting: TrustProxy, peer: string, forwardedFor: string) {
    const app = Fastify({ trustProxy: trustProxyOption(setting) });
    apps.push(app);
    app.get('/ip', (request) => ({ ip: request.ip }));
    const res = await app.inject({
      url: '/ip',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return res.json<{ ip: string }>().ip;
  }

  it('take the address the nearest trusted proxy saw, never a left-most entry the client wrote', async () => {
    const forged = '1.2.3.4, 203.0.113.7';
    expect(await clientAddress(false, '10.0.0.5', forged)).toBe('10.0.0.5');
    expect(await clientAddress(1, '10.0.0.5', forged)).toBe('203.0.113.7');
    expect(await clientAddress(2, '10.0.0.5', `${forged}, 10.0.0.9`)).toBe('203.0.113.7');
    expect(await clientAddress(['10.0.0.0/8'], '10.0.0.5', forged)).toBe('203.0.113.7');
    expect(await clientAddress(['10.0.0.0/8'], '198.51.100.9', forged)).toBe('198.51.100.9');
  });
});
