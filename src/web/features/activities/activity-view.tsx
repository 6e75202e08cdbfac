import { ActivityHistoryCard } from './activity-history-card';
import { HoldingsCard } from './holdings-table';

/**
 * One portfolio's Activity view (issue 27 item 8): the holdings its history adds up to, then the history.
 * `portfolio` is the API's key (`me`, `account:<id>`, `client:<id>`, `paper:<id>`); a paper portfolio is read-only.
 */
export function ActivityView({ portfolio }: { portfolio: string }) {
  const readOnly = portfolio.startsWith('paper:');
  return (
    <div className="flex flex-col gap-6">
      <HoldingsCard portfolio={portfolio} readOnly={readOnly} />
      <ActivityHistoryCard portfolio={portfolio} readOnly={readOnly} />
    </div>
  );
}
