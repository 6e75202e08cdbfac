import type { PagePath } from '../../../contracts/page-routes';

/**
 * The pages a search engine may index: the sitemap lists exactly these, in this order. Pages behind a
 * sign-in (paper trading, rewards, admin, ...) and flows (subscribe, checkout) are left out.
 *
 * /pricing joins the list when the pricing page lands (the payments issue): add `'/pricing'` after
 * '/features' (a path of PAGE_PATHS). The end-to-end test visits every path here and fails on a 404 page.
 */
export const PUBLIC_PAGES: readonly PagePath[] = [
  '/',
  '/features',
  '/about',
  '/resources',
  '/unbiased',
  '/robinhood-guide',
  '/compliance',
  '/terms',
  '/privacy',
  '/profit-calculator',
  '/login',
  '/signup',
];
