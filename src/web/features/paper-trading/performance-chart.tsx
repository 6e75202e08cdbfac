import type { PaperPerformanceResponse } from '../../../contracts/paper-trading';
import { ValueLineChart } from '../../components/charts/value-line-chart';
import { VALUE_MASK } from '../../components/ui/masked-value';
import { useBalancesHidden } from './balances';
import { formatDay } from './format';

/** The portfolio's value day by day: a Recharts line (its own lazy chunk). */
export default function PerformanceChart({ performance }: { performance: PaperPerformanceResponse }) {
  const points = performance.points.map((p) => ({ date: p.date, value: Number(p.value) }));
  return (
    <ValueLineChart
      points={points}
      hidden={useBalancesHidden()}
      mask={VALUE_MASK}
      formatTick={formatDay}
      formatDate={formatDay}
      className="h-64 w-full sm:h-72"
    />
  );
}
