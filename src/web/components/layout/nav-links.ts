/**
 * The header's links, in order (spec 000 "Shell and navigation"). Used by the desktop header and the mobile sheet.
 * `variants` says which header shows the link: the landing header (marketing pages, sign-in pages) or the app
 * header (the tools).
 */
export type HeaderVariant = 'landing' | 'app';

export interface NavLink {
  href: string;
  label: string;
  variants: readonly HeaderVariant[];
  badge?: string;
}

const both = ['landing', 'app'] as const;

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Home', variants: ['landing'] },
  { href: '/app', label: 'Portfolio', variants: ['app'] },
  { href: '/terminal', label: 'Terminal', variants: ['app'], badge: 'Pro' },
  { href: '/clients', label: 'Clients', variants: ['app'], badge: 'Pro' },
  { href: '/financial-advisor', label: 'AI Advisor', variants: ['app'] },
  { href: '/paper-trading', label: 'Paper Trading', variants: ['app'] },
  { href: '/gamification', label: 'Rewards', variants: ['app'] },
  { href: '/profit-calculator', label: 'Calculator', variants: ['app'] },
  { href: '/features', label: 'Features', variants: ['landing'] },
  { href: '/about', label: 'About', variants: ['landing'] },
  { href: '/resources', label: 'Resources', variants: ['landing'] },
  { href: '/pricing', label: 'Pricing', variants: both },
];

/** Shown to signed-out visitors in both headers (the spec's /login header link). */
export const SIGN_IN_LINK = { href: '/login', label: 'Sign In' } as const;

/** A signed-in user's links: the header's account menu and the mobile sheet. */
const ACCOUNT_LINKS = [
  { href: '/account', label: 'Account' },
  { href: '/account#billing', label: 'Billing' },
  { href: '/api-settings', label: 'API settings' },
] as const;

const ADMIN_LINK = { href: '/admin', label: 'Admin' } as const;

export type AccountLink = (typeof ACCOUNT_LINKS)[number] | typeof ADMIN_LINK;

/** The account menu's links for a user of `role`: an admin's end with Admin. */
export function accountLinksFor(role: 'user' | 'admin'): readonly AccountLink[] {
  return role === 'admin' ? [...ACCOUNT_LINKS, ADMIN_LINK] : ACCOUNT_LINKS;
}

/** The account menu's and the mobile sheet's entry while the browser offers to install the app (lib/install-prompt). */
export const INSTALL_APP_LABEL = 'Install app';

/** A signed-in user's call to action on the landing header and page, instead of 'Get Started Free'. */
export const SIGNED_IN_CTA_LABEL = 'Open the analyzer';

/** Call to action of each header variant. */
export const HEADER_CTA = {
  landing: { href: '/app', label: 'Get Started Free', analyticsLabel: 'get_started' },
  app: { href: '/pricing', label: 'Upgrade to Premium', analyticsLabel: 'upgrade' },
} as const;

/** Only in the mobile sheet, after the links. */
export const COMPLIANCE_LINK = { href: '/compliance', label: 'Investment Disclosures & Compliance' } as const;

export const TAGLINE = 'AI-Powered Financial Intelligence';

export const FOOTER_LINKS: readonly { href: string; label: string; visitorsOnly?: true }[] = [
  { href: '/features', label: 'Features' },
  { href: '/about', label: 'About' },
  { href: '/resources', label: 'Resources' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/compliance', label: 'Compliance' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/login', label: 'Sign In', visitorsOnly: true },
  { href: '/signup', label: 'Sign Up', visitorsOnly: true },
];

export const SUPPORT_EMAIL = 'support@foliowise.app';

export function navLinksFor(variant: HeaderVariant): NavLink[] {
  return NAV_LINKS.filter((link) => link.variants.includes(variant));
}

/** A link is active on its own path and, except Home, on paths below it. */
export function isActivePath(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

/**
 * How many of the header's links fit on one line in `available` px, given each link's width and the gap between
 * items: all of them when they fit, else as many as fit beside a 'More' button of `moreWidth` px, which takes
 * the rest (never a second row).
 */
export function countLinksThatFit(
  widths: readonly number[],
  gap: number,
  available: number,
  moreWidth: number,
): number {
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(widths.length - 1, 0);
  if (all <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + gap + width > available) break;
    used += gap + width;
    count += 1;
  }
  return count;
}
