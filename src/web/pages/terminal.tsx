import { RefreshCw, TerminalSquare } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { Skeleton } from '../components/ui/skeleton';
import { useSession } from '../lib/session';
import { isSubscriptionRequired, useTerminalOverview } from '../features/terminal/get-overview';
import { TerminalView } from '../features/terminal/terminal-view';
import { UpgradeCard } from '../features/terminal/upgrade-card';
import { errorMessage } from '../lib/api-client';

const META = {
  title: 'Professional Trading Terminal — Foliowise',
  description:
    'A Bloomberg-style terminal for Premium members: live quotes of SPY, QQQ, IWM, VIX and mega-caps, candlestick charts, risk analytics and correlation, economic calendar and news.',
  keywords:
    'trading terminal, Bloomberg alternative, market dashboard, candlestick chart, beta, Sharpe ratio, correlation matrix',
  path: '/terminal',
};

const PLAN_LABELS = { premium: 'Premium', professional: 'Professional' } as const;

function LoadingTerminal() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        Loading the terminal
      </span>
      <div className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 bg-slate-800" />
        ))}
      </div>
      <div className="grid gap-3 lg:grid-cols-12">
        <Skeleton className="h-80 bg-slate-800 lg:col-span-5" />
        <Skeleton className="h-80 bg-slate-800 lg:col-span-7" />
      </div>
    </div>
  );
}

/** /terminal: the Professional Trading Terminal for Premium and Professional plans; others see the upgrade card. */
export default function TerminalPage() {
  const session = useSession();
  const overview = useTerminalOverview();
  const plan = session.user?.plan;

  let content;
  if (overview.isPending) {
    content = <LoadingTerminal />;
  } else if (overview.data === null || isSubscriptionRequired(overview.error)) {
    content = (
      <div className="py-6 sm:py-10">
        <UpgradeCard
          signedIn={overview.data !== null}
          message={overview.error ? errorMessage(overview.error, '') || undefined : undefined}
        />
      </div>
    );
  } else if (overview.data) {
    content = <TerminalView overview={overview.data} />;
  } else {
    content = (
      <div
        role="alert"
        className="mx-auto flex max-w-xl flex-col items-start gap-3 rounded-md border border-red-400/50 bg-[#111827] p-4 text-sm text-red-200"
      >
        <p>{errorMessage(overview.error, 'The terminal is not available right now.')}</p>
        <button
          type="button"
          onClick={() => void overview.refetch()}
          className="inline-flex items-center gap-2 rounded-md bg-amber-400 px-3 py-1.5 font-semibold text-slate-950 hover:bg-amber-300"
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </button>
      </div>
    );
  }

  return (
    <PageLayout variant="app" meta={META} className="bg-[#0b0f17] text-slate-200 [--color-ring:#fbbf24]">
      <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-3 px-3 py-4 sm:px-4 lg:px-6">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 pb-3">
          <div className="flex items-center gap-2">
            <TerminalSquare className="size-6 text-amber-400" aria-hidden="true" />
            <h1 className="text-lg font-bold tracking-tight text-slate-50 sm:text-xl">
              Professional Trading Terminal
            </h1>
          </div>
          {overview.data && plan && plan !== 'free' ? (
            <p className="flex items-center gap-2 text-xs text-slate-300">
              <span className="relative flex size-2" aria-hidden="true">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden" />
                <span className="relative inline-flex size-2 rounded-full bg-emerald-400" />
              </span>
              Live · {PLAN_LABELS[plan]}
            </p>
          ) : null}
        </header>
        {content}
      </div>
    </PageLayout>
  );
}
