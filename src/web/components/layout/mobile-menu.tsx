import type { RefObject } from 'react';
import { Link } from 'wouter';
import { Download, LogOut } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import {
  COMPLIANCE_LINK,
  INSTALL_APP_LABEL,
  SIGN_IN_LINK,
  TAGLINE,
  isActivePath,
  type AccountLink,
  type NavLink,
} from './nav-links';

function linkClasses(isActive: boolean) {
  return cn(
    'flex items-center justify-between rounded-md px-3 py-2.5 text-base font-medium',
    isActive ? 'bg-primary-soft text-primary-soft-foreground' : 'text-foreground hover:bg-muted',
  );
}

/**
 * The header's side sheet below 1024 px (landing) or 1280 px (app), its own chunk with everything only it shows:
 * Radix Dialog and its scroll lock, the links list, the signed-in user's buttons, load with the first tap on
 * the menu button, not with every page. The button lives in the header, outside the Dialog, so focus is handed
 * back to it here on close.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
  links,
  location,
  account,
  isLoading,
  onInstall,
  onSignOut,
  isSigningOut,
  cta,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  links: readonly NavLink[];
  location: string;
  /** The signed-in user's name and account links; null when signed out. */
  account: { name: string; links: readonly AccountLink[] } | null;
  /** The session is not known yet: neither 'Sign In' nor the account's buttons. */
  isLoading: boolean;
  /** Present while the browser offers to install the app. */
  onInstall?: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
  cta: { href: string; label: string; onClick: () => void } | null;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="pr-10">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="mt-1">{TAGLINE}</SheetDescription>
        </div>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {[...links, COMPLIANCE_LINK].map((link) => {
              const isActive = isActivePath(location, link.href);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    aria-current={isActive ? 'page' : undefined}
                    className={linkClasses(isActive)}
                  >
                    {link.label}
                    {'badge' in link && link.badge ? <Badge variant="warning">{link.badge}</Badge> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-auto flex flex-col gap-2 border-t border-border pt-4">
          {account ? (
            <>
              <p className="truncate text-sm text-muted-foreground">
                Signed in as <span className="font-medium text-foreground">{account.name}</span>
              </p>
              {account.links.map((link) => (
                <Button key={link.href} asChild variant="outline">
                  <Link href={link.href} onClick={close}>
                    {link.label}
                  </Link>
                </Button>
              ))}
              {onInstall ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    close();
                    onInstall();
                  }}
                >
                  <Download aria-hidden="true" />
                  {INSTALL_APP_LABEL}
                </Button>
              ) : null}
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  onSignOut();
                }}
                disabled={isSigningOut}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            </>
          ) : isLoading ? null : (
            <Button asChild variant="outline">
              <Link href={SIGN_IN_LINK.href} onClick={close}>
                {SIGN_IN_LINK.label}
              </Link>
            </Button>
          )}
          {cta ? (
            <Button asChild>
              <Link
                href={cta.href}
                onClick={() => {
                  cta.onClick();
                  close();
                }}
              >
                {cta.label}
              </Link>
            </Button>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
