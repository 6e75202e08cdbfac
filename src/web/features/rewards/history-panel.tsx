import { Gift, Minus, Plus } from 'lucide-react';
import type { PointTransaction } from '../../../contracts/rewards';
import { reasonLabel } from '../../../domain/rewards';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { formatSignedPoints } from './format';

export const HISTORY_EMPTY_TEXT = 'No point transactions yet. Start trading to earn your first points!';

const CATEGORY_ICONS = {
  earning: { Icon: Plus, className: 'bg-success-soft text-success', label: 'Earning' },
  spending: { Icon: Minus, className: 'bg-destructive-soft text-destructive', label: 'Spending' },
  bonus: { Icon: Gift, className: 'bg-amber-100 text-amber-800', label: 'Bonus' },
} as const;

/** Spec 001 "History": the latest 20, reason with underscores as spaces, time, signed points, category icon. */
export function HistoryPanel({ transactions }: { transactions: readonly PointTransaction[] }) {
  if (transactions.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{HISTORY_EMPTY_TEXT}</p>;
  }
  return (
    <ul
      className="flex flex-col divide-y divide-border rounded-lg border border-border"
      aria-label="Point history"
    >
      {transactions.map((t) => {
        const { Icon, className, label } = CATEGORY_ICONS[t.category];
        return (
          <li key={t.id} className="flex items-center gap-3 p-3" data-testid="point-transaction">
            <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full', className)}>
              <Icon className="size-4" aria-hidden="true" />
              <span className="sr-only">{label}</span>
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{reasonLabel(t.reason)}</p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
              </p>
            </div>
            <span
              className={cn(
                'text-sm font-semibold tabular-nums',
                t.points > 0 ? 'text-success' : t.points < 0 ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {formatSignedPoints(t.points)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
