import { describe, expect, it } from 'vitest';
import { routeRequest, type WorkerPlan } from './routing';

const ORIGIN = 'https://foliowise.example';
const PLAN: WorkerPlan = {
  precache: [
    '/index.html',
    '/offline.html',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/assets/index-Bx3_k9Qa.js',
  ],
  offlinePagePaths: ['/app', '/profit-calculator'],
  shellUrl: '/index.html',
  offlineUrl: '/offline.html',
};

const route = (url: string, init: { method?: string; mode?: string } = {}) =>
  routeRequest(
    { url: `${ORIGIN}${url}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
    ORIGIN,
    PLAN,
  );

describe('routeRequest (the service worker)', () => {
  it('never answers an API request, a navigation to one included: the network answers it', () => {
    for (const url of [
      '/api/health',
      '/api/portfolio',
      '/api',
      '/API/portfolio',
      '/api/reports/x.pdf?download=1',
    ]) {
      expect(route(url), url).toEqual({ kind: 'network' });
      expect(route(url, { mode: 'navigate' }), url).toEqual({ kind: 'network' });
    }
    expect(route('/api/portfolio', { method: 'POST' })).toEqual({ kind: 'network' });
  });

  it('leaves other origins and methods other than GET to the network', () => {
    const stripe = routeRequest(
      { url: 'https://js.stripe.com/v3/', method: 'GET', mode: 'no-cors' },
      ORIGIN,
      PLAN,
    );
    expect(stripe).toEqual({ kind: 'network' });
    expect(route('/assets/index-Bx3_k9Qa.js', { method: 'HEAD' })).toEqual({ kind: 'network' });
    expect(route('/app', { method: 'POST', mode: 'navigate' })).toEqual({ kind: 'network' });
  });

  it('sends a page to the network, with the shell as fallback for the offline pages as wouter matches them', () => {
    for (const url of ['/app', '/APP', '/app/', '/profit-calculator?amount=10']) {
      expect(route(url, { mode: 'navigate' }), url).toEqual({ kind: 'page', fallback: '/index.html' });
    }
    for (const url of ['/', '/pricing', '/account', '/app/extra', '/offline.html', '/nowhere']) {
      expect(route(url, { mode: 'navigate' }), url).toEqual({ kind: 'page', fallback: '/offline.html' });
    }
  });

  it('answers precached files and hashed build assets from the cache, keeping only the hashed ones it fetches', () => {
    expect(route('/icons/icon-192.png')).toEqual({ kind: 'static', store: false });
    expect(route('/manifest.webmanifest')).toEqual({ kind: 'static', store: false });
    expect(route('/assets/index-Bx3_k9Qa.js')).toEqual({ kind: 'static', store: false });
    for (const url of [
      '/assets/terminal-DbyS-71b.js',
      '/assets/index-C0_aZ9xq.css',
      '/assets/BarChart-BsyKIwV7.js',
    ]) {
      expect(route(url), url).toEqual({ kind: 'static', store: true });
    }
  });

  it('leaves unhashed and unknown files, and any URL with a query, to the network', () => {
    for (const url of [
      '/favicon.ico',
      '/robots.txt',
      '/sitemap.xml',
      '/assets/logo.png',
      '/assets/terminal-DbyS-71b.js?v=2',
      '/icons/icon-192.png?size=1',
      '/uploads/firm-logo-abcdefgh.png',
    ]) {
      expect(route(url), url).toEqual({ kind: 'network' });
    }
  });
});
