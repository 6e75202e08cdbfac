import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../contracts/prerendered-pages';
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
  writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webRoot, 'manifest.webmanifest'), '{"name":"Foliowise"}');
  mkdirSync(path.join(webRoot, PRERENDERED_PAGES_DIR));
  writeFileSync(
    path.join(webRoot, PRERENDERED_PAGES_DIR, 'features.html'),
    `<!doctype html><title>Features — Foliowise</title><link rel="canonical" href="${PRERENDER_ORIGIN}/features" />` +
      `<meta property="og:url" content="${PRERENDER_ORIGIN}/features" /><div id="root"><h1>See what you own</h1></div>`,
  );
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

describe('serving the built SPA', () => {
  it('serves index.html for every path of the route table, as wouter matches them, never cached', async () => {
    for (const url of ['/', '/app', '/login', '/paper-trading?tab=history', '/APP', '/paper-trading/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a path outside the route table with the shell (it renders the 404 page) and status 404', async () => {
    for (const url of [
      '/deep/unknown/page',
      '/app/extra',
      '/paper-trading//',
      '/bloomberg-terminal',
      '/apis',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        if (method === 'GET') expect(res.body).toContain('<div id="root"></div>');
      }
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker and the web app manifest as browsers require, always revalidated', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Foliowise' });
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

describe('serving the prerendered public pages', () => {
  it('answers the page path with its prerendered HTML, the request origin in its canonical URL', async () => {
    for (const url of ['/features', '/features?utm_source=newsletter']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'foliowise.example:8080' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toContain('Host');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<title>Features — Foliowise</title>');
      expect(res.body).toContain('<h1>See what you own</h1>');
      expect(res.body).toContain('<link rel="canonical" href="http://foliowise.example:8080/features" />');
      expect(res.body).toContain('content="http://foliowise.example:8080/features"');
      expect(res.body).not.toContain(PRERENDER_ORIGIN);
    }
  });

  it('keeps the client-rendered shell for other paths, and for a Host it will not put in a URL', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/features/deeper' });
    expect(unknown.body).toContain('<div id="root"></div>');
    const oddHost = await t.app.inject({ method: 'GET', url: '/features', headers: { host: 'a b"c' } });
    expect(oddHost.statusCode).toBe(200);
    expect(oddHost.body).toContain('<div id="root"></div>');
  });

  it('does not serve the prerendered folder as files', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${PRERENDERED_PAGES_DIR}/features.html` });
    expect(res.body).not.toContain('See what you own');
  });
});
