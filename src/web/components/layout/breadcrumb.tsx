import { Fragment } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface BreadcrumbItem {
  label: string;
  href: string;
}

/** Spec 000 "Shell and navigation": fixed labels; other segments are capitalised. */
export const SEGMENT_LABELS: Readonly<Record<string, string>> = {
  app: 'Portfolio Analyzer',
  terminal: 'Professional Trading Terminal',
  pricing: 'Pricing Plans',
  subscribe: 'Subscribe',
  checkout: 'Checkout',
  compliance: 'Compliance',
  login: 'Login',
  signup: 'Sign Up',
};

function labelForSegment(segment: string): string {
  const known = SEGMENT_LABELS[segment];
  if (known) return known;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Home, then one crumb per path segment: /paper-trading -> Home > Paper Trading. */
export function breadcrumbItems(pathname: string): BreadcrumbItem[] {
  const segments = pathname.split('/').filter(Boolean);
  const items: BreadcrumbItem[] = [{ label: 'Home', href: '/' }];
  segments.forEach((segment, index) => {
    items.push({ label: labelForSegment(segment), href: `/${segments.slice(0, index + 1).join('/')}` });
  });
  return items;
}

/** Hidden when there is only one item (on /); the last crumb is the current page and not a link. */
export function Breadcrumb({ items, className }: { items?: BreadcrumbItem[]; className?: string }) {
  const [location] = useLocation();
  const crumbs = items ?? breadcrumbItems(location);
  if (crumbs.length <= 1) return null;
  return (
    <nav
      aria-label="Breadcrumb"
      className={cn('mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8', className)}
    >
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              <li className="inline-flex items-center">
                {isLast ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : (
                  <Link href={crumb.href} className="rounded-sm hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                )}
              </li>
              {isLast ? null : (
                <li role="presentation" aria-hidden="true" className="inline-flex items-center">
                  <ChevronRight className="size-3.5" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
