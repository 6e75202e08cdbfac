import { Star } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { formatPoints } from './format';
import { usePoints } from './get-points';

/**
 * The header's Total Points badge (spec 001 "Paper Trading"): the signed-in user's total points, linking to
 * /gamification. Renders nothing for a visitor or until the points are known. Refreshed by
 * `invalidateRewards(queryClient)` (./query-keys) after a portfolio is created or a trade executed.
 */
export function TotalPointsBadge({ className }: { className?: string }) {
  const { isAuthenticated } = useSession();
  const { data } = usePoints({ enabled: isAuthenticated });
  if (!isAuthenticated || !data) return null;
  return (
    <Link
      href="/gamification"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-transparent bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 hover:bg-amber-200',
        className,
      )}
    >
      <Star className="size-4" aria-hidden="true" />
      <span className="sr-only">Total Points:</span>
      {formatPoints(data.totalPoints)} points
    </Link>
  );
}
