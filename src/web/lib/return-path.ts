import { isPaymentPagePath } from '../../contracts/page-routes';

/**
 * The `next` of the current address (/login?next=/pricing): where to go once signed in. Only a path of this site
 * is taken (`/...`, not `//host` or `/\host`, which browsers read as another host); anything else is `fallback`.
 */
export function returnPathFromSearch(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/**
 * Goes to a path of this site: a paying page with a full page load (its document alone may load Stripe.js, see
 * PAYMENT_PAGE_PATHS), any other page inside the app.
 */
export function goToPath(path: string, navigate: (to: string) => void): void {
  if (isPaymentPagePath(new URL(path, window.location.origin).pathname)) window.location.assign(path);
  else navigate(path);
}
