/**
 * The paths of the web app's pages: src/web/app.tsx gives each one its page (its type makes the two agree),
 * and the server answers any other page path with the 404 page and status 404. Plain paths only: wouter
 * would also take patterns (`/users/:id`), which `isPagePath` would then have to match.
 */
export const PAGE_PATHS = [
  '/',
  '/app',
  '/terminal',
  '/clients',
  '/financial-advisor',
  '/login',
  '/signup',
  '/profit-calculator',
  '/paper-trading',
  '/api-settings',
  '/api-docs',
  '/features',
  '/about',
  '/resources',
  '/unbiased',
  '/robinhood-guide',
  '/compliance',
  '/terms',
  '/privacy',
  '/gamification',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/pricing',
  '/subscribe',
  '/subscribe-stripe',
  '/subscribe-demo',
  '/checkout',
  '/success',
  '/test-stripe',
  '/contact',
  '/admin',
  '/activity',
  '/performance',
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

const PAGE_PATH_SET: ReadonlySet<string> = new Set(PAGE_PATHS);

/** A pathname as wouter matches it: any letter case, one trailing slash. */
export function normalizedPath(pathname: string): string {
  const withoutSlash = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return withoutSlash.toLowerCase();
}

/** Whether wouter renders a page for `pathname`: as it matches, in any letter case and with one trailing slash. */
export function isPagePath(pathname: string): boolean {
  return PAGE_PATH_SET.has(normalizedPath(pathname));
}

/**
 * The pages that load Stripe.js (the Payment Element). Only their documents get a Content-Security-Policy that
 * allows Stripe's script, frames and API (src/server/http/security.ts), so the web app reaches them with a full
 * page load (a plain link, `window.location`), never a client-side navigation from another page.
 */
export const PAYMENT_PAGE_PATHS = [
  '/subscribe',
  '/subscribe-stripe',
  '/checkout',
] as const satisfies readonly PagePath[];

const PAYMENT_PAGE_PATH_SET: ReadonlySet<string> = new Set(PAYMENT_PAGE_PATHS);

export function isPaymentPagePath(pathname: string): boolean {
  return PAYMENT_PAGE_PATH_SET.has(normalizedPath(pathname));
}
