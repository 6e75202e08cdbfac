import type { Snapshot } from '../../../contracts/alerts';
import { ValueLineChart } from '../../components/charts/value-line-chart';
import { MASK, useValuesHidden } from '../../components/hide-values';
import { onFirstUse } from '../../lib/on-first-use';

const shortDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const fullDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The snapshot history's values, oldest first (its own lazy chunk with Recharts). */
export default function SnapshotHistoryChart({ history }: { history: readonly Snapshot[] }) {
  return (
    <div data-testid="snapshot-history-chart">
      <ValueLineChart
        points={history.map((s) => ({ date: s.date, value: s.totalValue }))}
        hidden={useValuesHidden()}
        mask={MASK}
        formatTick={(day) => shortDate().format(asDate(day))}
        formatDate={(day) => fullDate().format(asDate(day))}
        className="h-48 w-full sm:h-56"
      />
    </div>
  );
}
