import type { PagePath } from '../../../contracts/page-routes';

/**
 * The pages a search engine may index: the sitemap lists exactly these, in this order. Pages behind a
 * sign-in (paper trading, rewards, admin, ...) and flows (subscribe, checkout) are left out.
 * The end-to-end test visits every path here and fails on a 404 page.
 */
export const PUBLIC_PAGES: readonly PagePath[] = [
  '/',
  '/features',
  '/pricing',
  '/about',
  '/resources',
  '/unbiased',
  '/robinhood-guide',
  '/compliance',
  '/contact',
  '/terms',
  '/privacy',
  '/profit-calculator',
  '/login',
  '/signup',
];
