import { Link } from 'wouter';
import { Mail } from 'lucide-react';
import { useIsSignedInAfterHydration } from '../../lib/session';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { FOOTER_LINKS, SUPPORT_EMAIL, TAGLINE } from './nav-links';

export function Footer() {
  // Prerendered HTML is read long after its build, so the year is the browser's, written once hydrated.
  const year = useIsHydrated() ? new Date().getFullYear() : null;
  const isSignedIn = useIsSignedInAfterHydration();
  const links = isSignedIn ? FOOTER_LINKS.filter((link) => !link.visitorsOnly) : FOOTER_LINKS;
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <p className="text-base font-bold text-foreground">Foliowise</p>
            <p className="mt-1 text-sm text-muted-foreground">{TAGLINE}</p>
          </div>
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="rounded-sm text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className="inline-flex items-center gap-1 rounded-sm text-muted-foreground hover:text-foreground hover:underline"
                >
                  <Mail className="size-3.5" aria-hidden="true" />
                  Support
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="border-t border-border pt-6 text-xs text-muted-foreground">
          {year === null ? '©' : `© ${year}`} Foliowise. Educational tool • Not financial advice. Investing
          involves risk, including the loss of principal.
        </p>
      </div>
    </footer>
  );
}
