import { Link, useSearch } from 'wouter';
import { ArrowLeft, History, LineChart } from 'lucide-react';
import { PORTFOLIO_KEY_PATTERN } from '../../contracts/activities';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { Alert, AlertDescription } from '../components/ui/alert';
import { ActivityView } from '../features/activities/activity-view';
import { activityPathOf, performancePathOf, portfolioViewOf } from '../lib/portfolio-views';

const META = {
  title: 'Activity — Foliowise',
  description:
    'The history of a portfolio: buys, sales, dividends and transfers, with the cost basis, unrealized and realized gains they add up to.',
  keywords:
    'portfolio activity, transactions, cost basis, realized gains, unrealized gains, FIFO, average cost',
  path: '/activity',
};

/**
 * /activity?portfolio=<key>: a portfolio's history and the holdings it adds up to (issue 27 item 8). Without a
 * key it is the signed-in person's own portfolio (`me`). A visitor's portfolio stays in the browser and has no
 * history: the page says the history needs a (free) account.
 */
export default function ActivityPage() {
  const requested = new URLSearchParams(useSearch()).get('portfolio')?.toLowerCase() ?? 'me';
  const isValid = PORTFOLIO_KEY_PATTERN.test(requested);
  const { name, back } = portfolioViewOf(requested);
  return (
    <PageLayout variant="app" meta={META}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-x-6 gap-y-1">
            <Link
              href={back.href}
              className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              {back.label}
            </Link>
            {isValid ? (
              <Link
                href={performancePathOf(requested)}
                className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
              >
                <LineChart className="size-4" aria-hidden="true" />
                Performance
              </Link>
            ) : null}
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Activity</h1>
          <p className="max-w-3xl text-muted-foreground">
            {name}: its buys, sales, dividends and transfers, and the cost basis and gains they add up to.
          </p>
        </header>
        <SignedInOnly
          signedOut={
            <SignInRequired
              icon={<History />}
              message="A portfolio's history needs an account. It is free: sign in or create one to record your buys, sales and dividends."
              returnPath={isValid ? activityPathOf(requested) : '/activity'}
            />
          }
        >
          {(user) =>
            isValid ? (
              <ActivityView key={`${user.id}:${requested}`} portfolio={requested} />
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
