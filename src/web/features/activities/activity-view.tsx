import { ActivityHistoryCard } from './activity-history-card';
import { HoldingsCard } from './holdings-table';
import { OffersPrompt } from './offers-prompt';

/**
 * One portfolio's Activity view (issue 27 item 8): the holdings its history adds up to, the dividends and splits
 * it may lack (item 4), then the history. Its dividend income and realised gains by year are on its Performance
 * view, in the base currency. `portfolio` is the API's key (`me`, `account:<id>`, `client:<id>`, `paper:<id>`); a paper portfolio is read-only.
 */
export function ActivityView({ portfolio }: { portfolio: string }) {
  const readOnly = portfolio.startsWith('paper:');
  return (
    <div className="flex flex-col gap-6">
      <HoldingsCard portfolio={portfolio} readOnly={readOnly} />
      {readOnly ? null : <OffersPrompt portfolio={portfolio} />}
      <ActivityHistoryCard portfolio={portfolio} readOnly={readOnly} />
    </div>
  );
}
