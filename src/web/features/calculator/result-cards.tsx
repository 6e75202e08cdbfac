import type { TradeResult } from '../../../domain/calculator';
import { cn } from '../../lib/cn';
import { formatCalculatorPercent, formatCalculatorUsd, signClass } from './format';

type ResultKey =
  | 'profit'
  | 'roi'
  | 'grossValue'
  | 'netProceedsPreTax'
  | 'tax'
  | 'netProceeds'
  | 'costBasis'
  | 'buyFee'
  | 'sellFee'
  | 'breakEven';

const HEADLINE: readonly { key: ResultKey; label: string; percent?: boolean }[] = [
  { key: 'profit', label: 'Total Profit (after tax)' },
  { key: 'roi', label: 'ROI vs. Cost Basis', percent: true },
];

const DETAILS: readonly { key: ResultKey; label: string }[] = [
  { key: 'grossValue', label: 'Gross Value at Target' },
  { key: 'netProceedsPreTax', label: 'Net Proceeds (pre-tax)' },
  { key: 'tax', label: 'Taxes (on profit)' },
  { key: 'netProceeds', label: 'Net Proceeds (after tax)' },
  { key: 'costBasis', label: 'Cost Basis' },
  { key: 'buyFee', label: 'Buy Fees' },
  { key: 'sellFee', label: 'Sell Fees' },
  { key: 'breakEven', label: 'Break-even Target Price' },
];

/** The ten result cards; each value carries data-testid="result-<key>". */
export function ResultCards({ result }: { result: TradeResult }) {
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {HEADLINE.map(({ key, label, percent }) => {
          const value = result[key];
          const tone =
            value > 0
              ? 'border-success/30 bg-success-soft'
              : value < 0
                ? 'border-destructive/30 bg-destructive-soft'
                : 'border-border bg-surface';
          return (
            <div key={key} className={cn('rounded-lg border p-4', tone)}>
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd
                data-testid={`result-${key}`}
                className={cn(
                  'mt-1 text-2xl font-bold tabular-nums [overflow-wrap:anywhere]',
                  signClass(value),
                )}
              >
                {percent ? formatCalculatorPercent(value) : formatCalculatorUsd(value)}
              </dd>
            </div>
          );
        })}
      </dl>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {DETAILS.map(({ key, label }) => (
          <div key={key} className="rounded-lg border border-border bg-background p-3">
            <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
            <dd
              data-testid={`result-${key}`}
              className="mt-1 text-sm font-semibold text-foreground tabular-nums [overflow-wrap:anywhere] sm:text-base lg:text-sm 2xl:text-base"
            >
              {formatCalculatorUsd(result[key], { isPrice: key === 'breakEven' })}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
