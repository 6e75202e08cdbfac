import { lazy } from 'react';
import { Info } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { TooltipProvider } from '../components/ui/tooltip';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { Alert, AlertDescription } from '../components/ui/alert';
import { quoteQueryOptions } from '../features/market-data/get-quote';
import { PaperTradingPanel } from '../features/paper-trading/paper-trading-panel';
import { PaperTradingSignInPrompt } from '../features/paper-trading/sign-in-prompt';
import { TotalPointsBadge } from '../features/rewards/total-points-badge';

/** The dashboard's return against SPY: the performance feature's card, its own chunk (it is not on the first screen). */
const ReturnsAgainstBenchmark = lazy(() => import('../features/performance/returns-against-benchmark'));

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'Paper Trading', href: '/paper-trading' },
];

const META = {
  title: 'Paper Trading — Foliowise',
  description:
    'Practise buying and selling stocks with virtual money: create a paper portfolio, trade at the current quote and track your performance.',
  keywords: 'paper trading, virtual portfolio, stock trading simulator, practice trading, virtual money',
  path: '/paper-trading',
};

/** /paper-trading (spec 001 "Paper trading"). */
export default function PaperTradingPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <TooltipProvider>
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <header className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Paper Trading</h1>
              <TotalPointsBadge />
            </div>
            <Alert variant="info" className="max-w-3xl">
              <Info aria-hidden="true" />
              <AlertDescription>
                Practice only: portfolios hold virtual money, and every order fills at once at the current
                quote, with no fees or slippage. No real money or brokerage is involved.
              </AlertDescription>
            </Alert>
          </header>
          <SignedInOnly signedOut={<PaperTradingSignInPrompt />}>
            {(user) => (
              <PaperTradingPanel
                key={user.id}
                userId={user.id}
                quoteQuery={quoteQueryOptions}
                ReturnsCard={ReturnsAgainstBenchmark}
              />
            )}
          </SignedInOnly>
        </div>
      </TooltipProvider>
    </PageLayout>
  );
}
