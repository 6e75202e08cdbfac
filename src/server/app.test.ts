import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'fw-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Foliowise</title><div id="root"></div>',
  );
  writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({ deps: { webRoot } });
});
afterAll(() => t.close());

describe('serving the built SPA', () => {
  it('serves index.html for any page path (history fallback), never cached', async () => {
    for (const url of ['/', '/login', '/paper-trading?tab=history', '/deep/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404 rather than the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps the JSON 404 for unknown API paths and non-GET methods', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No such endpoint: GET /api/unknown' },
    });
    const post = await t.app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });
});
