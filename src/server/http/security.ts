import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from '../../contracts/errors';
import type { AppConfig } from '../config';

const STRIPE_JS = 'https://js.stripe.com';
const GA_SCRIPT = 'https://www.googletagmanager.com';
const GA_COLLECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

/** The Content-Security-Policy directives; Stripe and the analytics tag are allowed only when configured. */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const hasStripe = Boolean(config.stripe.publishableKey);
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
    'frame-src': hasStripe ? [STRIPE_JS, 'https://hooks.stripe.com'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (config.cookieSecure || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (isCrossSite(request.headers['sec-fetch-site'], request.headers.origin, request.host)) {
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed');
    }
  });
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
