import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { featureRequiredMessage } from '../../../contracts/accounts';
import type { TerminalOverviewResponse } from '../../../contracts/terminal';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { isSubscriptionRequired } from './get-overview';
import { TerminalView } from './terminal-view';
import { UpgradeCard } from './upgrade-card';

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

/** Who is looking, as the session says: the overview is only asked for by a plan that includes the terminal. */
export type TerminalAccess = 'checking' | 'visitor' | 'free' | 'subscribed';

/**
 * What the terminal page shows: a skeleton while the session or the overview loads, the upgrade card for a
 * visitor or a free plan (no request that would answer 401 or 403; a plan the server no longer finds paid
 * answers 403 and gets the card too), the terminal, or the error with a way to try again.
 */
export function TerminalContent({
  access,
  overview,
  hasAdvancedAnalytics,
}: {
  access: TerminalAccess;
  overview: UseQueryResult<TerminalOverviewResponse | null>;
  /** The session's plan includes the advanced analytics (Premium sees an upsell instead, and asks nothing). */
  hasAdvancedAnalytics: boolean;
}) {
  if (access === 'visitor' || access === 'free') {
    return (
      <div className="py-6 sm:py-10">
        <UpgradeCard
          signedIn={access === 'free'}
          message={access === 'free' ? featureRequiredMessage('terminal-access') : undefined}
        />
      </div>
    );
  }
  if (access === 'checking' || overview.isPending) return <LoadingTerminal />;
  if (overview.data === null || isSubscriptionRequired(overview.error)) {
    return (
      <div className="py-6 sm:py-10">
        <UpgradeCard
          signedIn={overview.data !== null}
          message={overview.error ? errorMessage(overview.error, '') || undefined : undefined}
        />
      </div>
    );
  }
  if (overview.data)
    return <TerminalView overview={overview.data} hasAdvancedAnalytics={hasAdvancedAnalytics} />;
  return (
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
