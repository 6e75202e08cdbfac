import type { PerformanceResponse } from '../../../contracts/performance';
import { cn } from '../../lib/cn';
import { toneTextClass } from '../../lib/format';
import { formatDay, formatMoney, formatSignedMoney } from './format';

type Breakdown = PerformanceResponse['breakdown'];

/** The parts of the change in value, in the order of docs/performance.md's identity, each with what it is. */
const PARTS: readonly {
  key: Exclude<keyof Breakdown, 'realized' | 'unrealized'>;
  label: string;
  hint: string;
}[] = [
  { key: 'price', label: 'Price', hint: 'prices of what you held went up or down' },
  { key: 'dividends', label: 'Dividends', hint: 'paid by what you held' },
  { key: 'interest', label: 'Interest', hint: 'on cash and bonds' },
  { key: 'fees', label: 'Fees', hint: 'of trades and of the account' },
  { key: 'taxes', label: 'Taxes', hint: 'withheld or paid' },
  { key: 'currency', label: 'Currency', hint: 'exchange rates against your base currency' },
];

const FLOWS = { label: 'Money in less money out', hint: 'what you put in, less what you took out' };

/** In cents: the server rounds each figure to the cent on its own, so their sum can miss the change by a cent. */
function cents(value: number): number {
  return Math.round(value * 100);
}

/**
 * The rows from the start value to the end value, and what rounding each figure to the cent left over (a row of
 * its own when there is any, so that the table adds up as shown).
 */
export function breakdownRows(data: PerformanceResponse): { label: string; value: number }[] {
  const parts = [{ label: FLOWS.label, value: data.netFlows }].concat(
    PARTS.map(({ key, label }) => ({ label, value: data.breakdown[key] })),
  );
  const rest =
    cents(data.endValue) - cents(data.startValue) - parts.reduce((sum, p) => sum + cents(p.value), 0);
  return rest === 0 ? parts : [...parts, { label: 'Rounding to the cent', value: rest / 100 }];
}

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
  const hints = new Map([FLOWS, ...PARTS].map((p) => [p.label, p.hint]));
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
              label={`Value at the close of ${formatDay(period.start)}`}
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
              label={`Value at the close of ${formatDay(period.end)}`}
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
          <caption className="px-3 pt-2 text-left text-sm font-medium">
            Gains on your holdings, after the fees of their trades
          </caption>
          <tbody>
            <Row label="Realized" hint="on what was sold" value={breakdown.realized} currency={currency} />
            <Row
              label="Unrealized"
              hint="on what is still held"
              value={breakdown.unrealized}
              currency={currency}
            />
          </tbody>
        </table>
      </div>
    </div>
  );
}
