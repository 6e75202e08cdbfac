/**
 * The paths of the web app's pages: src/web/app.tsx gives each one its page (its type makes the two agree),
 * and the server answers any other page path with the 404 page and status 404. Plain paths only: wouter
 * would also take patterns (`/users/:id`), which `isPagePath` would then have to match.
 */
export const PAGE_PATHS = [
  '/',
  '/app',
  '/terminal',
  '/login',
  '/signup',
  '/profit-calculator',
  '/paper-trading',
  '/api-settings',
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
] as const;
export type PagePath = (typeof PAGE_PATHS)[number];

const PAGE_PATH_SET: ReadonlySet<string> = new Set(PAGE_PATHS);

/** Whether wouter renders a page for `pathname`: as it matches, in any letter case and with one trailing slash. */
export function isPagePath(pathname: string): boolean {
  const withoutSlash = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PAGE_PATH_SET.has(withoutSlash.toLowerCase());
}
