import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_ORIGIN, PRERENDERED_PAGES_DIR } from '../../contracts/prerendered-pages';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './api-compression';

/** A built web root as `npm run build` leaves it: files with .br and .gz siblings, small files without. */
const webRoot = mkdtempSync(path.join(tmpdir(), 'fw-web-compressed-'));
const ENTRY = 'assets/index-abc123.js';
const SHELL = '<!doctype html><title>Foliowise</title><div id="root"></div>' + '<!-- shell -->'.repeat(100);
const PRERENDERED = (origin: string) =>
  `<!doctype html><title>Features — Foliowise</title><link rel="canonical" href="${origin}/features" />` +
  `<div id="root">${'<p>See what you own</p>'.repeat(200)}</div>`;

function writeWithSiblings(relative: string, text: string) {
  const file = path.join(webRoot, relative);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

const siblingOf = (relative: string, extension: '' | '.br' | '.gz') =>
  readFileSync(path.join(webRoot, relative + extension));

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, PRERENDERED_PAGES_DIR));
  writeWithSiblings('index.html', SHELL);
  writeWithSiblings(ENTRY, `export const answer = ${JSON.stringify('forty-two '.repeat(300))};`);
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  writeFileSync(path.join(webRoot, PRERENDERED_PAGES_DIR, 'features.html'), PRERENDERED(PRERENDER_ORIGIN));
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers },
  });

const varyOf = (res: LightMyRequestResponse) => String(res.headers.vary ?? '').toLowerCase();

describe('precompressed built assets', () => {
  it('sends the brotli file to a browser that accepts br, with the type of the original', async () => {
    const res = await get(`/${ENTRY}`, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.rawPayload).toEqual(siblingOf(ENTRY, '.br'));
  });

  it('sends the gzip file when brotli is not accepted or refused with q=0', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const res = await get(`/${ENTRY}`, acceptEncoding);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.rawPayload).toEqual(siblingOf(ENTRY, '.gz'));
    }
  });

  it('sends the file as it is without Accept-Encoding, still varying on it for caches', async () => {
    const res = await get(`/${ENTRY}`);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.rawPayload).toEqual(siblingOf(ENTRY, ''));
  });

  it('sends a file the build left uncompressed as it is, without compressing it on the fly', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.rawPayload).toEqual(siblingOf('favicon.svg', ''));
  });

  it('sends the shell precompressed for app pages (200) and unknown paths (404), never cached', async () => {
    for (const [url, status] of [
      ['/app', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
    }
    const gzip = await get('/app', 'gzip');
    expect(gzip.rawPayload).toEqual(siblingOf('index.html', '.gz'));
  });
});

describe('prerendered pages', () => {
  const expected = PRERENDERED('http://foliowise.example');
  const host = { host: 'foliowise.example' };

  it('are compressed with the request origin written in, brotli or gzip by Accept-Encoding', async () => {
    const br = await get('/features', 'br, gzip', host);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(varyOf(br)).toContain('host');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzip = await get('/features', 'gzip', host);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);

    const plain = await get('/features', 'identity', host);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
  });

  it('keep each origin apart', async () => {
    const other = await get('/features', 'br', { host: 'other.example:8080' });
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(PRERENDERED('http://other.example:8080'));
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer with brotli or gzip by Accept-Encoding', async () => {
    const plain = await get('/api/achievements');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/achievements', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/achievements', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    for (const url of ['/api/health', '/api/auth/me']) {
      const res = await get(url, 'br, gzip');
      expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(() => JSON.parse(res.body) as unknown).not.toThrow();
    }
  });

  it('sends the guide PDFs as they are: pdfkit compresses their content already', async () => {
    const res = await get('/api/resources/guides/understanding-risk-and-volatility.pdf', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('never inflates a request body: a gzip upload is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.co', password: 'x' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Request body is not valid JSON' },
    });
  });
});
