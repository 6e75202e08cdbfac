import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDES, guideTexts } from '../../../domain/guides';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createGuidePdfCache } from './guide-pdf';
import { inspectPdf, normalizedPdfText } from '../../testing/pdf-inspect';
import { PUBLIC_PAGES } from './public-pages';
import { siteOrigin, sitemapXml } from './sitemap';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

describe('GET /api/resources/guides/:slug.pdf', () => {
  it.each(GUIDES.map((guide) => [guide.slug, guide] as const))(
    'serves %s as a PDF attachment with the whole guide text',
    async (slug, guide) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/resources/guides/${slug}.pdf` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="foliowise-${slug}.pdf"`);
      const bytes = res.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(bytes.length);

      const pdf = inspectPdf(bytes);
      expect(pdf.xrefValid).toBe(true);
      expect(pdf.pageCount).toBeGreaterThanOrEqual(2);
      expect(pdf.title).toBe(guide.title);
      expect(normalizedPdfText(pdf)).toContain(guide.title);
      expect(normalizedPdfText(pdf)).toContain('Educational tool • Not financial advice');
      // Every sentence of the source text is on the pages (line breaks may fall anywhere).
      const pageText = withoutSpaces(pdf.text);
      for (const text of guideTexts(guide)) expect(pageText).toContain(withoutSpaces(text));
    },
  );

  it('answers HEAD with the same headers and no body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/api/resources/guides/understanding-risk-and-volatility.pdf',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body).toBe('');
  });

  it('serves the same bytes again from memory', async () => {
    const url = '/api/resources/guides/building-a-diversified-portfolio.pdf';
    const first = await t.app.inject({ method: 'GET', url });
    const second = await t.app.inject({ method: 'GET', url });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('renders each guide once, even for concurrent first requests, and retries after a failure', async () => {
    let calls = 0;
    let fail = true;
    const cache = createGuidePdfCache(async () => {
      calls++;
      if (fail) throw new Error('boom');
      return Buffer.from('%PDF-1.7');
    });
    const guide = GUIDES[0]!;
    await expect(cache.get(guide)).rejects.toThrow('boom');
    fail = false;
    const [a, b] = await Promise.all([cache.get(guide), cache.get(guide)]);
    expect(a).toBe(b);
    expect(calls).toBe(2);
  });

  it('answers 404 with the error body for an unknown guide', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resources/guides/get-rich-quick.pdf' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such guide: get-rich-quick' } });
  });

  it('refuses a malformed slug without echoing it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resources/guides/%3Cscript%3E.pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.body).not.toContain('<script>');
  });
});

describe('GET /robots.txt', () => {
  it('lets crawlers read the pages and guides, keeps them off the API and private areas, and names the sitemap', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'foliowise.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /api/resources/guides/');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Sitemap: http://foliowise.example/sitemap.xml');
    for (const path of PUBLIC_PAGES) {
      expect(lines.some((line) => line.startsWith('Disallow: ') && path.startsWith(line.slice(10)))).toBe(
        false,
      );
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page as an absolute URL on the host the request came in on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'foliowise.example:8443' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers.vary).toContain('Host');
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((path) => `http://foliowise.example:8443${path}`));
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining([
        '/',
        '/features',
        '/about',
        '/resources',
        '/unbiased',
        '/robinhood-guide',
        '/compliance',
        '/profit-calculator',
        '/login',
        '/signup',
      ]),
    );
  });

  it('ignores X-Forwarded-* unless the proxy is trusted', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'internal:5000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.body).toContain('<loc>http://internal:5000/</loc>');
    expect(res.body).not.toContain('evil.example');
  });

  it('uses the forwarded protocol and host behind a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/sitemap.xml',
        headers: {
          host: 'internal:5000',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'foliowise.example',
        },
      });
      expect(res.body).toContain('<loc>https://foliowise.example/features</loc>');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a Host header that is not a host name', async () => {
    expect(siteOrigin('http', 'foliowise.example')).toBe('http://foliowise.example');
    expect(siteOrigin('https', '[::1]:5000')).toBe('https://[::1]:5000');
    expect(siteOrigin('http', 'evil.example/<x>')).toBeNull();
    expect(siteOrigin('http', 'a b')).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'bad host"' } });
    expect(res.statusCode).toBe(400);
  });

  it('escapes XML special characters in locations', () => {
    expect(sitemapXml('http://x', ['/a?b=1&c=2'])).toContain('<loc>http://x/a?b=1&#38;c=2</loc>');
  });
});
