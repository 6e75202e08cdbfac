import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { countLinksThatFit, isActivePath, type NavLink } from './nav-links';

const MoreMenu = lazy(() => import('./more-menu'));

const LINK_CLASSES = 'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium';

function LinkContent({ link }: { link: NavLink }) {
  return (
    <>
      {link.label}
      {link.badge ? <Badge variant="warning">{link.badge}</Badge> : null}
    </>
  );
}

function MoreButton(props: { active?: boolean; disabled?: boolean }) {
  return (
    <Button
      {...props}
      variant="ghost"
      size="sm"
      className={cn(
        'px-2',
        props.active ? 'bg-primary-soft text-primary-soft-foreground' : 'text-muted-foreground',
      )}
    >
      More
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

/**
 * The desktop header's links on one line: those that fit inline, the rest in a 'More' menu (issue #25 item 1),
 * however long the user's name or the call to action beside it. Widths are measured on an invisible copy of the
 * row, again whenever the space changes.
 */
export function MainNav({
  links,
  location,
  className,
}: {
  links: readonly NavLink[];
  location: string;
  className?: string;
}) {
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLUListElement>(null);
  const [visibleCount, setVisibleCount] = useState(links.length);

  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const fit = () => {
      const items = [...measure.children].map((item) => item.getBoundingClientRect().width);
      const moreWidth = items.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(measure).columnGap) || 0;
      setVisibleCount(countLinksThatFit(items, gap, nav.clientWidth, moreWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    return () => observer.disconnect();
  }, [links]);

  const inline = links.slice(0, visibleCount);
  const more = links.slice(visibleCount);
  return (
    <nav ref={navRef} aria-label="Main" className={cn('relative min-w-0 flex-1', className)}>
      <ul className="flex flex-nowrap items-center gap-1">
        {inline.map((link) => {
          const isActive = isActivePath(location, link.href);
          return (
            <li key={link.href} className="shrink-0">
              <Link
                href={link.href}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  LINK_CLASSES,
                  'transition-colors',
                  isActive
                    ? 'bg-primary-soft text-primary-soft-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <LinkContent link={link} />
              </Link>
            </li>
          );
        })}
        {more.length > 0 ? (
          <li className="shrink-0">
            <Suspense fallback={<MoreButton disabled />}>
              <MoreMenu
                links={more}
                location={location}
                trigger={<MoreButton active={more.some((link) => isActivePath(location, link.href))} />}
              />
            </Suspense>
          </li>
        ) : null}
      </ul>
      {/* The row as it would be with every link, plus the More button: measured, never seen or read. */}
      <ul
        ref={measureRef}
        aria-hidden="true"
        className="pointer-events-none invisible absolute top-0 left-0 flex flex-nowrap items-center gap-1"
      >
        {links.map((link) => (
          <li key={link.href} className="shrink-0">
            <span className={LINK_CLASSES}>
              <LinkContent link={link} />
            </span>
          </li>
        ))}
        <li className="shrink-0">
          <span className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'px-2' })}>
            More
            <ChevronDown aria-hidden="true" />
          </span>
        </li>
      </ul>
    </nav>
  );
}
