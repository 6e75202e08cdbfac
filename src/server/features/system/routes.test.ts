import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_123', DEMO_FEATURES: 'false' } });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/health answers ok with the database state and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok', version: 'test' });
  });

  it('GET /api/config gives the public runtime settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      version: 'test',
      stripePublishableKey: 'pk_test_123',
      analyticsId: null,
      demoFeatures: false,
      marketDataSource: 'simulated',
      mailInServerLog: true,
      hasLanguageModel: false,
    });
  });

  it('GET /api/config says whether a language model is configured (OPENAI_API_KEY)', async () => {
    const withModel = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test-not-called' } });
    try {
      const res = await withModel.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({ hasLanguageModel: true });
    } finally {
      await withModel.close();
    }
  });

  it('unknown API paths answer the JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/nope' } });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Stripe.js is allowed on the paying pages' documents only (decision 020), even with a key configured.
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toContain('stripe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
