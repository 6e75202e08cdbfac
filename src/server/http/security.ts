import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../contracts/errors';
import { isPaymentPagePath } from '../../contracts/page-routes';
import type { AppConfig, TrustProxy } from '../config';

const STRIPE_JS = 'https://js.stripe.com';
const GA_SCRIPT = 'https://www.googletagmanager.com';
const GA_COLLECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

/** Which document the headers are for: Stripe.js is allowed on the paying pages only (PAYMENT_PAGE_PATHS). */
export interface SecurityHeaderOptions {
  isPaymentPage?: boolean;
}

/**
 * The Content-Security-Policy directives; the analytics tag is allowed only when configured, Stripe only when
 * configured and only on a paying page: no other page may load its script, frames or API.
 */
export function contentSecurityPolicy(
  config: AppConfig,
  options: SecurityHeaderOptions = {},
): Record<string, string[]> {
  const hasStripe = Boolean(config.stripe.publishableKey) && options.isPaymentPage === true;
  const hasAnalytics = Boolean(config.analyticsId);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(hasStripe ? [STRIPE_JS] : []), ...(hasAnalytics ? [GA_SCRIPT] : [])],
    // Radix primitives inject small <style> elements for scroll locking; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(hasAnalytics ? GA_COLLECT : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(hasStripe ? ['https://api.stripe.com'] : []),
      ...(hasAnalytics ? GA_COLLECT : []),
    ],
    // The service worker (/sw.js) and the web app manifest: this origin's only (the installable app).
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': hasStripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** The Content-Security-Policy header value, in helmet's format: `name value value;name value`. */
function contentSecurityPolicyHeader(config: AppConfig, options: SecurityHeaderOptions): string {
  return Object.entries(contentSecurityPolicy(config, options))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/**
 * The headers @fastify/helmet set with the options this app gave it (CSP above, Referrer-Policy
 * strict-origin-when-cross-origin, no HSTS, no Cross-Origin-Embedder-Policy), computed once: the plugin
 * rebuilds helmet's middleware on every request (~11 KB of garbage each), and the values depend only on the
 * configuration. security.test.ts checks them against the plugin with those options.
 */
export function securityHeaders(
  config: AppConfig,
  options: SecurityHeaderOptions = {},
): ReadonlyArray<readonly [string, string]> {
  return [
    ['content-security-policy', contentSecurityPolicyHeader(config, options)],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

const HSTS = 'max-age=31536000; includeSubDomains';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const headers = securityHeaders(config);
  const paymentPageHeaders = securityHeaders(config, { isPaymentPage: true });
  // First of the app's onRequest hooks, so that every answer has the headers, refusals and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    const isPaymentPage =
      SAFE_METHODS.has(request.method) && isPaymentPagePath(request.url.split('?')[0] ?? '');
    for (const [name, value] of isPaymentPage ? paymentPageHeaders : headers) reply.header(name, value);
    if (config.cookieSecure || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // API answers are private; a route whose answer may be kept (achievements, guide PDFs) sets its own.
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    // Every mutating request, whatever its path: a prefix test on the raw URL missed `/%61pi/...`, which
    // the router decodes and serves as /api/...
    if (SAFE_METHODS.has(request.method)) return done();
    if (isCrossSite(request.headers['sec-fetch-site'], request.headers.origin, request.host)) {
      return done(new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed'));
    }
    done();
  });
}

/** By the matched route, whatever the encoding of the path; an unmatched one (a 404) by its raw path. */
function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? request.url).startsWith('/api/');
}

/**
 * Fastify's `trustProxy` option for the TRUST_PROXY setting. Fastify 5 trusts no hop at all when given a
 * bare count (it cannot check the peer), so a count becomes proxy-addr's hop test: the socket's peer and the
 * next N-1 X-Forwarded-For entries from the right are proxies, and the entry after them is the client.
 */
export function trustProxyOption(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * A mutating request is refused when the browser says it came from another site (Sec-Fetch-Site), or, for
 * browsers that do not send that header, when its Origin is not this host. SameSite cookies alone do not
 * cover same-site subdomains or older browsers.
 */
export function isCrossSite(
  fetchSite: string | string[] | undefined,
  origin: string | undefined,
  host: string,
): boolean {
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin' && fetchSite !== 'none';
  if (!origin) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}
