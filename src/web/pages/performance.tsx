import { Link, useSearch } from 'wouter';
import { ArrowLeft, History, LineChart } from 'lucide-react';
import { PORTFOLIO_KEY_PATTERN } from '../../contracts/activities';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { Alert, AlertDescription } from '../components/ui/alert';
import { TooltipProvider } from '../components/ui/tooltip';
import { PerformanceView } from '../features/performance/performance-view';
import { activityPathOf, performancePathOf, portfolioViewOf } from '../lib/portfolio-views';

const META = {
  title: 'Performance — Foliowise',
  description:
    'How a portfolio did: time- and money-weighted returns over any period, against a benchmark, with the change in value split into price, dividends, fees, taxes and currency.',
  keywords:
    'portfolio performance, time-weighted return, money-weighted return, TWR, IRR, benchmark, dividends, currency effect',
  path: '/performance',
};

/**
 * /performance?portfolio=<key>: a portfolio's returns (issue 28 item 6), beside its Activity page and with the same
 * keys. Without a key it is the signed-in person's own portfolio (`me`). A visitor's portfolio stays in the browser
 * and has no history: the page says returns need a (free) account.
 */
export default function PerformancePage() {
  const requested = new URLSearchParams(useSearch()).get('portfolio')?.toLowerCase() ?? 'me';
  const isValid = PORTFOLIO_KEY_PATTERN.test(requested);
  const { name, back } = portfolioViewOf(requested);
  return (
    <PageLayout variant="app" meta={META}>
      <TooltipProvider>
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
                  href={activityPathOf(requested)}
                  className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                >
                  <History className="size-4" aria-hidden="true" />
                  Activity
                </Link>
              ) : null}
            </div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Performance</h1>
            <p className="max-w-3xl text-muted-foreground">
              {name}: how it did over a period, whatever you put in or took out, against a benchmark.
            </p>
          </header>
          <SignedInOnly
            signedOut={
              <SignInRequired
                icon={<LineChart />}
                message="A portfolio's returns need its history, and a history needs an account. It is free: sign in or create one to record your buys, sales and dividends."
                returnPath={isValid ? performancePathOf(requested) : '/performance'}
              />
            }
          >
            {(user) =>
              isValid ? (
                <PerformanceView key={`${user.id}:${requested}`} portfolio={requested} />
              ) : (
                <Alert variant="destructive">
                  <AlertDescription>This address does not name a portfolio.</AlertDescription>
                </Alert>
              )
            }
          </SignedInOnly>
        </div>
      </TooltipProvider>
    </PageLayout>
  );
}
