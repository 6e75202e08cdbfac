import { isPaymentPagePath } from '../../contracts/page-routes';

/**
 * `target` as a path of the site at `origin` (its pathname, search and hash), or null when it leads anywhere else.
 * The browser's own URL parser decides, as it would when navigating: it drops TAB and newlines and reads `\` as
 * `/`, so `/\t/evil.example`, `/\evil.example` and `//evil.example` all name another host and are refused, as
 * are `https://evil.example` and `javascript:...`. A path that would still start with `//` once resolved
 * (`/.//evil.example`) is refused too: written back as a relative address it would name a host again.
 */
export function sameOriginPath(target: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The `next` of the current address (/login?next=/pricing): where to go once signed in. Only a path of this site
 * is taken (see sameOriginPath); anything else is `fallback`.
 */
export function returnPathFromSearch(
  search: string,
  fallback: string,
  origin: string = window.location.origin,
): string {
  const next = new URLSearchParams(search).get('next');
  return (next ? sameOriginPath(next, origin) : null) ?? fallback;
}

/**
 * Goes to a path of this site: a paying page with a full page load (its document alone may load Stripe.js, see
 * PAYMENT_PAGE_PATHS), any other page inside the app. A path that does not stay on this site goes to /.
 */
export function goToPath(path: string, navigate: (to: string) => void): void {
  const { origin } = window.location;
  const safePath = sameOriginPath(path, origin) ?? '/';
  if (isPaymentPagePath(new URL(safePath, origin).pathname)) window.location.assign(`${origin}${safePath}`);
  else navigate(safePath);
}
