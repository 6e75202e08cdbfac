/**
 * The views of one portfolio, each a page that takes the API's portfolio key (`me`, `account:<id>`,
 * `client:<id>`, `paper:<id>`) as `?portfolio=`: Activity (its history and holdings) and Performance (its
 * returns). The pages that show a portfolio link to them with these; both name the portfolio and link back to
 * where it lives with `portfolioViewOf`.
 */
export function activityPathOf(portfolio: string): string {
  return `/activity?portfolio=${encodeURIComponent(portfolio)}`;
}

export function performancePathOf(portfolio: string): string {
  return `/performance?portfolio=${encodeURIComponent(portfolio)}`;
}

export interface PortfolioView {
  /** How the page names the portfolio: 'Your portfolio', 'A client', ... */
  name: string;
  /** The page the portfolio lives on. */
  back: { href: string; label: string };
}

/** Which portfolio a key names, and the page it belongs to. */
export function portfolioViewOf(key: string): PortfolioView {
  if (key.startsWith('account:'))
    return { name: 'A portfolio account', back: { href: '/app', label: 'Back to the analyzer' } };
  if (key.startsWith('client:'))
    return { name: 'A client', back: { href: '/clients', label: 'Back to your clients' } };
  if (key.startsWith('paper:'))
    return { name: 'A paper portfolio', back: { href: '/paper-trading', label: 'Back to Paper Trading' } };
  return { name: 'Your portfolio', back: { href: '/app', label: 'Back to the analyzer' } };
}
