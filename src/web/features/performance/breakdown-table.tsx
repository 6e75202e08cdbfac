import type { PerformanceResponse } from '../../../contracts/performance';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import {
  BREAKDOWN_PARTS,
  GAIN_PARTS,
  GAINS_CAPTION,
  NET_FLOWS_PART,
  breakdownRows,
  formatDay,
  formatMoney,
  formatSignedMoney,
  valueAtCloseLabel,
} from '../../../contracts/performance-text';

function Row({
  label,
  hint,
  value,
  currency,
  isTotal = false,
  signed = true,
}: {
  label: string;
  hint?: string;
  value: number;
  currency: string;
  isTotal?: boolean;
  signed?: boolean;
}) {
  return (
    <tr className={cn('border-t border-border', isTotal && 'bg-muted/40 font-semibold')}>
      <th scope="row" className="px-3 py-2 text-left font-medium">
        {label}
        {hint ? <span className="block text-xs font-normal text-muted-foreground">{hint}</span> : null}
      </th>
      <td className={cn('px-3 py-2 text-right align-top tabular-nums', signed && toneTextClass(value))}>
        {signed ? formatSignedMoney(value, currency) : formatMoney(value, currency)}
      </td>
    </tr>
  );
}

/**
 * How the value went from the period's start to its end: money in and out, then price, dividends, interest, fees,
 * taxes and currency, which add up to the change (docs/performance.md, "The change in value, split"); then the
 * same gains split by what was sold (realized) and what is still held (unrealized).
 */
export function BreakdownTable({ data }: { data: PerformanceResponse }) {
  const { currency, breakdown, period } = data;
  const hints = new Map([NET_FLOWS_PART, ...BREAKDOWN_PARTS].map((p) => [p.label, p.hint]));
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full text-sm" data-testid="breakdown">
          <caption className="sr-only">
            How the value changed from {formatDay(period.start)} to {formatDay(period.end)}, in {currency}
          </caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Part
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Amount ({currency})
              </th>
            </tr>
          </thead>
          <tbody>
            <Row
              label={valueAtCloseLabel(period.start)}
              value={data.startValue}
              currency={currency}
              signed={false}
              isTotal
            />
            {breakdownRows(data).map((row) => (
              <Row
                key={row.label}
                label={row.label}
                hint={hints.get(row.label)}
                value={row.value}
                currency={currency}
              />
            ))}
            <Row
              label={valueAtCloseLabel(period.end)}
              value={data.endValue}
              currency={currency}
              signed={false}
              isTotal
            />
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full text-sm" data-testid="gains">
          <caption className="px-3 pt-2 text-left text-sm font-medium">{GAINS_CAPTION}</caption>
          <tbody>
            {GAIN_PARTS.map((part) => (
              <Row
                key={part.key}
                label={part.label}
                hint={part.hint}
                value={breakdown[part.key]}
                currency={currency}
              />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
