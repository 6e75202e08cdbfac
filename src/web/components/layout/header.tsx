import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, TrendingUp } from 'lucide-react';
import { trackEvent } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { installApp, useCanInstall } from '../../lib/install-prompt';
import { cn } from '../../lib/cn';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { useLogout, useSession, userHasSubscription } from '../../lib/session';
import { MainNav } from './main-nav';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/use-toast';
import {
  accountLinksFor,
  HEADER_CTA,
  SIGNED_IN_CTA_LABEL,
  SIGN_IN_LINK,
  navLinksFor,
  type HeaderVariant,
} from './nav-links';

const MobileMenu = lazy(() => import('./mobile-menu'));
const AccountMenu = lazy(() => import('./account-menu'));

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <TrendingUp className="size-5" aria-hidden="true" />
      </span>
      Foliowise
    </Link>
  );
}

function displayName(user: { firstName: string; lastName: string; name: string }): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.name;
}

function useSignOut() {
  const logout = useLogout();
  const [, navigate] = useLocation();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: (error) =>
        toast({
          title: 'Sign out failed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return { signOut, isSigningOut: logout.isPending };
}

function trackCta(variant: HeaderVariant) {
  trackEvent('cta_click', { category: 'engagement', label: HEADER_CTA[variant].analyticsLabel });
}

/**
 * The site header (spec 000 "Shell and navigation"), always one line: its links inline from 1024 px (landing) or
 * 1280 px (app), with those that do not fit beside the account menu in 'More'; in a side sheet below.
 */
export function Header({ variant }: { variant: HeaderVariant }) {
  const [location] = useLocation();
  const session = useSession();
  // A prerendered page knows no session: until hydrated, the header shows it as loading, as the HTML does.
  const isHydrated = useIsHydrated();
  const user = isHydrated ? session.user : null;
  const isLoading = !isHydrated || session.isLoading;
  const { signOut, isSigningOut } = useSignOut();
  // 'Install app' in the account menu and the sheet, only while the browser offers it (beforeinstallprompt).
  const canInstall = useCanInstall();
  const [menuOpen, setMenuOpen] = useState(false);
  // The sheet's code loads on the first open and stays mounted after, so that it can animate out.
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = navLinksFor(variant);
  const cta =
    variant === 'landing' && user
      ? { ...HEADER_CTA.landing, label: SIGNED_IN_CTA_LABEL }
      : HEADER_CTA[variant];
  // Subscribers have nothing to upgrade to from the app header.
  const showCta = variant === 'landing' || !userHasSubscription(user);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Logo />

        <MainNav
          links={links}
          location={location}
          className={cn('hidden', variant === 'landing' ? 'lg:block' : 'xl:block')}
        />

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden items-center gap-2 md:flex">
            {isLoading ? (
              <Skeleton className="h-8 w-20" />
            ) : user ? (
              <Suspense fallback={<Skeleton className="h-8 w-20" />}>
                <AccountMenu
                  name={displayName(user)}
                  email={user.email}
                  links={accountLinksFor(user.role)}
                  onInstall={canInstall ? () => void installApp() : undefined}
                  onSignOut={signOut}
                  isSigningOut={isSigningOut}
                />
              </Suspense>
            ) : (
              <Button asChild variant="ghost" size="sm">
                <Link
                  href={SIGN_IN_LINK.href}
                  aria-current={location === SIGN_IN_LINK.href ? 'page' : undefined}
                >
                  {SIGN_IN_LINK.label}
                </Link>
              </Button>
            )}
          </div>
          {showCta ? (
            // Below 640 px a longer call to action (the app header's, a signed-in user's) lives in the menu
            // sheet only: beside the logo it would push the header onto a second line.
            <Button
              asChild
              size="sm"
              className={variant === 'app' || user ? 'hidden sm:inline-flex' : undefined}
            >
              <Link href={cta.href} onClick={() => trackCta(variant)}>
                {cta.label}
              </Link>
            </Button>
          ) : null}

          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className={variant === 'landing' ? 'lg:hidden' : 'xl:hidden'}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setHasOpenedMenu(true);
              setMenuOpen(true);
            }}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          {hasOpenedMenu ? (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                returnFocusTo={menuButton}
                links={links}
                location={location}
                account={user ? { name: displayName(user), links: accountLinksFor(user.role) } : null}
                isLoading={isLoading}
                onInstall={canInstall ? () => void installApp() : undefined}
                onSignOut={signOut}
                isSigningOut={isSigningOut}
                cta={showCta ? { ...cta, onClick: () => trackCta(variant) } : null}
              />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
