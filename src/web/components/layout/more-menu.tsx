import type { ReactElement } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { isActivePath, type NavLink } from './nav-links';

/** The header links that do not fit on its line (radix DropdownMenu: arrow keys, Enter, Escape, menu roles). */
export default function MoreMenu({
  links,
  location,
  trigger,
}: {
  links: readonly NavLink[];
  location: string;
  trigger: ReactElement;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-44 rounded-md border border-border bg-background p-1 text-foreground shadow-md"
        >
          {links.map((link) => {
            const isActive = isActivePath(location, link.href);
            return (
              <DropdownMenu.Item key={link.href} asChild>
                <Link
                  href={link.href}
                  aria-current={isActive ? 'page' : undefined}
                  className={cn(
                    'flex w-full cursor-default items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-muted',
                    isActive && 'font-semibold text-primary-soft-foreground',
                  )}
                >
                  {link.label}
                  {link.badge ? <Badge variant="warning">{link.badge}</Badge> : null}
                </Link>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
