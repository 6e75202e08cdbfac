import { Fragment, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { ArrowLeft, History, LineChart } from 'lucide-react';
import { PORTFOLIO_KEY_PATTERN } from '../../../contracts/activities';
import { activityPathOf, performancePathOf, portfolioViewOf } from '../../lib/portfolio-views';
import { Alert, AlertDescription } from '../ui/alert';
import { PageLayout } from './page-layout';
import type { PageMeta } from './page-meta';
import { SignInRequired } from './sign-in-required';
import { SignedInOnly } from './signed-in-only';

/** The views of a portfolio: each page links to the other. */
const VIEWS = {
  activity: { title: 'Activity', icon: History, pathOf: activityPathOf },
  performance: { title: 'Performance', icon: LineChart, pathOf: performancePathOf },
} as const;

/**
 * The frame of a page about one portfolio named by `?portfolio=<key>` (`me` without one): the way back to where the
 * portfolio lives, a link to its other view, the title and what the page shows of it; a visitor is asked to sign
 * in (a visitor's portfolio stays in the browser and has no history), and a key that names no portfolio is said so.
 */
export function PortfolioViewPage({
  view,
  meta,
  description,
  signInMessage,
  children,
}: {
  view: keyof typeof VIEWS;
  meta: PageMeta;
  /** What the page shows, after the portfolio's name: ': its buys, sales, …'. */
  description: string;
  signInMessage: string;
  /** The view of a valid key, for the signed-in person (keyed by person and portfolio). */
  children: (portfolio: string) => ReactNode;
}) {
  const requested = new URLSearchParams(useSearch()).get('portfolio')?.toLowerCase() ?? 'me';
  const isValid = PORTFOLIO_KEY_PATTERN.test(requested);
  const { name, back } = portfolioViewOf(requested);
  const { title, icon: Icon, pathOf } = VIEWS[view];
  const other = VIEWS[view === 'activity' ? 'performance' : 'activity'];
  const OtherIcon = other.icon;
  const linkClass = 'inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline';
  return (
    <PageLayout variant="app" meta={meta}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            <Link href={back.href} className={linkClass}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              {back.label}
            </Link>
            {isValid ? (
              <Link href={other.pathOf(requested)} className={linkClass}>
                <OtherIcon className="size-4" aria-hidden="true" />
                {other.title}
              </Link>
            ) : null}
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="max-w-3xl text-muted-foreground">
            {name}
            {description}
          </p>
        </header>
        <SignedInOnly
          signedOut={
            <SignInRequired
              icon={<Icon />}
              message={signInMessage}
              returnPath={isValid ? pathOf(requested) : `/${view}`}
            />
          }
        >
          {(user) =>
            isValid ? (
              <Fragment key={`${user.id}:${requested}`}>{children(requested)}</Fragment>
            ) : (
              <Alert variant="destructive">
                <AlertDescription>This address does not name a portfolio.</AlertDescription>
              </Alert>
            )
          }
        </SignedInOnly>
      </div>
    </PageLayout>
  );
}
