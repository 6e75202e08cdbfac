import { TerminalSquare } from 'lucide-react';
import { PLANS } from '../../domain/plans';
import { PageLayout } from '../components/layout/page-layout';
import { TooltipProvider } from '../components/ui/tooltip';
import { priceFeedLabel } from '../features/terminal/format';
import { useTerminalOverview } from '../features/terminal/get-overview';
import { TerminalContent, type TerminalAccess } from '../features/terminal/terminal-content';
import { userHasFeature } from '../lib/entitlement';
import { useSession } from '../lib/session';

const META = {
  title: 'Professional Trading Terminal — Foliowise',
  description:
    'A Bloomberg-style terminal for Premium members: live quotes of SPY, QQQ, IWM, VIX and mega-caps, candlestick charts, risk analytics and correlation, economic calendar and news.',
  keywords:
    'trading terminal, Bloomberg alternative, market dashboard, candlestick chart, beta, Sharpe ratio, correlation matrix',
  path: '/terminal',
};

/** 'Live · Premium' with a pulsing green dot for real quotes; 'Simulated · Premium' with a still amber one otherwise. */
function FeedStatus({
  label,
  plan,
}: {
  label: NonNullable<ReturnType<typeof priceFeedLabel>>;
  plan: string;
}) {
  const isLive = label === 'Live';
  return (
    <p className="flex items-center gap-2 text-xs text-slate-300">
      <span className="relative flex size-2" aria-hidden="true">
        {isLive ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden" />
        ) : null}
        <span
          className={`relative inline-flex size-2 rounded-full ${isLive ? 'bg-emerald-400' : 'bg-amber-300'}`}
        />
      </span>
      {label} · {plan}
    </p>
  );
}

/** /terminal: the Professional Trading Terminal for Premium and Professional plans; others see the upgrade card. */
export default function TerminalPage() {
  const session = useSession();
  const access: TerminalAccess = session.isLoading
    ? 'checking'
    : !session.user
      ? 'visitor'
      : userHasFeature(session.user, 'terminal-access')
        ? 'subscribed'
        : 'free';
  const overview = useTerminalOverview(access === 'subscribed');
  // The plan's name beside the feed, once the terminal shows: a plan with 'terminal-access'.
  const plan = access === 'subscribed' && session.user ? PLANS[session.user.plan].name : null;
  const feed = overview.data
    ? priceFeedLabel([
        ...overview.data.dashboard.map((quote) => quote.source),
        ...overview.data.portfolio.sources,
      ])
    : null;

  return (
    <PageLayout variant="app" meta={META} className="bg-[#0b0f17] text-slate-200 [--color-ring:#fbbf24]">
      <TooltipProvider>
        <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-3 px-3 py-4 sm:px-4 lg:px-6">
          <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 pb-3">
            <div className="flex items-center gap-2">
              <TerminalSquare className="size-6 text-amber-400" aria-hidden="true" />
              <h1 className="text-lg font-bold tracking-tight text-slate-50 sm:text-xl">
                Professional Trading Terminal
              </h1>
            </div>
            {feed && plan ? <FeedStatus label={feed} plan={plan} /> : null}
          </header>
          <TerminalContent
            access={access}
            overview={overview}
            hasAdvancedAnalytics={userHasFeature(session.user, 'advanced-terminal-analytics')}
          />
        </div>
      </TooltipProvider>
    </PageLayout>
  );
}
