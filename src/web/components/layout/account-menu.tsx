import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { ChevronDown, CreditCard, Download, KeyRound, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { INSTALL_APP_LABEL, type AccountLink } from './nav-links';

const ITEM_CLASSES = cn(
  'flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none',
  'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4',
);

const ICONS: Record<AccountLink['href'], typeof UserRound> = {
  '/account': UserRound,
  '/account#billing': CreditCard,
  '/api-settings': KeyRound,
  '/admin': ShieldCheck,
};

/**
 * The desktop header's account menu: the user's name opens Account, Billing, API settings (and Admin for an
 * admin), 'Install app' while the browser offers to install it (`onInstall`), and Sign out (radix
 * DropdownMenu: arrow keys, Enter, Escape, and the menu roles for screen readers). Loaded once signed in.
 */
export default function AccountMenu({
  name,
  email,
  links,
  onInstall,
  onSignOut,
  isSigningOut,
}: {
  name: string;
  email: string;
  links: readonly AccountLink[];
  onInstall?: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" className="max-w-44" title={`Account menu: ${email}`}>
          <UserRound aria-hidden="true" />
          <span className="truncate">{name}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-border bg-background p-1 text-foreground shadow-md"
        >
          <DropdownMenu.Label className="truncate px-2 py-1.5 text-xs text-muted-foreground">
            {email}
          </DropdownMenu.Label>
          {links.map(({ href, label }) => {
            const Icon = ICONS[href];
            return (
              <DropdownMenu.Item key={href} asChild className={ITEM_CLASSES}>
                <Link href={href}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            );
          })}
          {onInstall ? (
            <DropdownMenu.Item className={ITEM_CLASSES} onSelect={onInstall}>
              <Download aria-hidden="true" />
              {INSTALL_APP_LABEL}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={ITEM_CLASSES} disabled={isSigningOut} onSelect={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
