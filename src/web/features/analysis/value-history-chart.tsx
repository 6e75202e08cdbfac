import type { ValueHistory } from '../../../contracts/analysis';
import { ValueLineChart } from '../../components/charts/value-line-chart';
import { MASK, useValuesHidden } from '../../components/hide-values';
import { onFirstUse } from '../../lib/on-first-use';

const monthYear = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' }),
);
const fullDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The holdings' value at each close, with month ticks (its own lazy chunk with Recharts). */
export default function ValueHistoryChart({ points }: { points: ValueHistory['points'] }) {
  return (
    <div data-testid="value-history-chart">
      <ValueLineChart
        points={points}
        hidden={useValuesHidden()}
        mask={MASK}
        formatTick={(day) => monthYear().format(asDate(day))}
        formatDate={(day) => fullDate().format(asDate(day))}
        className="h-56 w-full sm:h-64"
      />
    </div>
  );
}
