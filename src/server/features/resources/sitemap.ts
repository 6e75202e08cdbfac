import { PUBLIC_PAGES } from './public-pages';

/**
 * The site's origin as the client reached it: `request.protocol` and `request.host`, which honour
 * X-Forwarded-Proto and X-Forwarded-Host only when TRUST_PROXY is on. A Host header that is not a plain
 * host name or address (with an optional port) is refused, so nothing odd is ever written into the XML.
 */
export function siteOrigin(protocol: string, host: string): string | null {
  const scheme = protocol === 'https' ? 'https' : 'http';
  const isPlainHost =
    /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
  return isPlainHost.test(host) ? `${scheme}://${host.toLowerCase()}` : null;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The sitemaps.org XML of the public pages, with absolute URLs on `origin`. */
export function sitemapXml(origin: string, paths: readonly string[] = PUBLIC_PAGES): string {
  const urls = paths.map((path) => `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n  </url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Crawlers may read the pages and the guide PDFs; the rest of the API, the admin and settings pages and the
 * payment flows (/subscribe also covers /subscribe-demo and /subscribe-stripe) are not for indexing.
 */
export const ALLOWED_API_PATHS: readonly string[] = ['/api/resources/guides/'];
export const DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/admin',
  '/api-settings',
  '/checkout',
  '/subscribe',
  '/success',
  '/test-stripe',
];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...ALLOWED_API_PATHS.map((path) => `Allow: ${path}`),
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
