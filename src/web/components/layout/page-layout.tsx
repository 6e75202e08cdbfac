import { lazy, Suspense, useContext, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useResendVerificationEmail } from '../../lib/resend-verification-email';
import { useSession } from '../../lib/session';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';
import { UnderHeaderContext } from './under-header';
import type { User } from '../../../contracts/accounts';
import type { HeaderVariant } from './nav-links';
import { usePageMeta, type PageMeta } from './page-meta';

const VerifyEmailBanner = lazy(() => import('./verify-email-banner'));

function UnverifiedEmailBanner({ user }: { user: User }) {
  const resend = useResendVerificationEmail(user.email);
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner user={user} resend={resend} />
    </Suspense>
  );
}

export interface PageLayoutProps {
  variant: HeaderVariant;
  /** Title, description, keywords, canonical and social tags of this page; also names the analytics page view. */
  meta: PageMeta;
  /** true (default): crumbs from the path; false: none; or explicit items. Hidden anyway on /. */
  breadcrumb?: boolean | BreadcrumbItem[];
  /** Classes for <main>, e.g. to drop the default width limit. */
  className?: string;
  children: ReactNode;
}

/** Every page's frame: skip link, header, breadcrumb, main (#main-content), footer. */
export function PageLayout({ variant, meta, breadcrumb = true, className, children }: PageLayoutProps) {
  usePageMeta(meta);
  // A prerendered page is usable before React runs: its links are plain links until it hydrates. The
  // attribute says the page is now the app's (the end-to-end tests wait for it before they interact).
  const isHydrated = useIsHydrated();
  const { user } = useSession();
  const isUnverified = isHydrated && user !== null && !user.emailVerified;
  const underHeader = useContext(UnderHeaderContext);
  return (
    <div className="flex min-h-screen flex-col" data-hydrated={isHydrated ? '' : undefined}>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header variant={variant} />
      {underHeader}
      {isUnverified ? <UnverifiedEmailBanner user={user} /> : null}
      {breadcrumb === false ? null : (
        <Breadcrumb items={Array.isArray(breadcrumb) ? breadcrumb : undefined} />
      )}
      {/* A screen high whatever it holds: the footer starts below the first screen, so what arrives later (the
          session, a page's data, its code) never moves it on screen (Lighthouse's layout shift, issue 25 item 21). */}
      <main
        id="main-content"
        tabIndex={-1}
        className={cn('min-h-screen flex-1 focus:outline-none', className)}
      >
        {children}
      </main>
      <Footer />
    </div>
  );
}
