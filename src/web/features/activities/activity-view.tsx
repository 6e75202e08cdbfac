import { ActivityHistoryCard } from './activity-history-card';
import { DividendIncomeCard } from './dividend-income-card';
import { HoldingsCard } from './holdings-table';
import { OffersPrompt } from './offers-prompt';
import { RealizedByYearCard } from './realized-by-year-card';

/**
 * One portfolio's Activity view (issue 27 item 8): the holdings its history adds up to, the dividends and splits
 * it may lack (item 4), its dividend income and realised gains by year (issue 28 items 4 and 6), then the history.
 * `portfolio` is the API's key (`me`, `account:<id>`, `client:<id>`, `paper:<id>`); a paper portfolio is read-only.
 */
export function ActivityView({ portfolio }: { portfolio: string }) {
  const readOnly = portfolio.startsWith('paper:');
  return (
    <div className="flex flex-col gap-6">
      <HoldingsCard portfolio={portfolio} readOnly={readOnly} />
      {readOnly ? null : <OffersPrompt portfolio={portfolio} />}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] xl:items-start">
        <DividendIncomeCard portfolio={portfolio} />
        <RealizedByYearCard portfolio={portfolio} />
      </div>
      <ActivityHistoryCard portfolio={portfolio} readOnly={readOnly} />
    </div>
  );
}
