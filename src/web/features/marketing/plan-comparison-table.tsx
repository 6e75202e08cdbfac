import { Check, Minus } from 'lucide-react';
import {
  COMING_SOON_MARK,
  PLAN_LIST,
  centsToDollars,
  formatPlanDollars,
  planFeatureMatrix,
  yearlyPricePerMonthDollars,
  type Plan,
  type PlanFeatureValue,
} from '../../../domain/plans';
import { cn } from '../../lib/cn';
import { usePlanCopy } from '../../lib/plan-copy';

function PriceLine({ plan }: { plan: Plan }) {
  if (!plan.price) return <span className="text-sm font-normal text-muted-foreground">Contact us</span>;
  if (plan.price.monthlyCents === 0)
    return <span className="text-sm font-normal text-muted-foreground">$0</span>;
  return (
    <span className="flex flex-col text-sm font-normal text-muted-foreground">
      <span>{formatPlanDollars(centsToDollars(plan.price.monthlyCents))}/month</span>
      <span className="text-xs">
        or {formatPlanDollars(yearlyPricePerMonthDollars(plan.price))}/month yearly
      </span>
    </span>
  );
}

function Cell({ value }: { value: PlanFeatureValue }) {
  if (value === true) {
    return (
      <>
        <Check className="mx-auto size-5 text-success" aria-hidden="true" />
        <span className="sr-only">Included</span>
      </>
    );
  }
  if (value === false) {
    return (
      <>
        <Minus className="mx-auto size-5 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  return <span className="text-sm font-medium text-foreground">{value}</span>;
}

/**
 * The plan comparison (spec 001 §6 plan matrix) from src/domain/plans, the same source as the pricing page.
 * Scrolls sideways on narrow screens with the feature column pinned; the scroll area is focusable so keyboard
 * users can scroll it too.
 */
export function PlanComparisonTable({ highlight = 'premium' }: { highlight?: Plan['id'] }) {
  const copy = usePlanCopy();
  return (
    <div
      role="region"
      aria-labelledby="plan-comparison-caption"
      // A scrollable region must be focusable so keyboard users can scroll it (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-border bg-background focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[640px] border-collapse text-left">
        <caption id="plan-comparison-caption" className="sr-only">
          What each Foliowise plan includes
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="sticky left-0 z-10 bg-background px-4 py-4 text-sm font-semibold">
              Feature
            </th>
            {PLAN_LIST.map((plan) => (
              <th
                key={plan.id}
                scope="col"
                className={cn(
                  'px-4 py-4 text-center align-top text-base font-semibold',
                  plan.id === highlight && 'bg-primary-soft',
                )}
              >
                <span className="flex flex-col items-center gap-1">
                  {plan.name}
                  <PriceLine plan={plan} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {planFeatureMatrix(copy).map((row) => (
            <tr key={row.id} className="border-b border-border last:border-b-0">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-background px-4 py-3 text-sm font-medium text-foreground"
              >
                {row.label}
                {row.isComing ? (
                  <span className="ml-2 text-xs font-normal whitespace-nowrap text-muted-foreground">
                    {COMING_SOON_MARK}
                  </span>
                ) : null}
              </th>
              {PLAN_LIST.map((plan) => (
                <td
                  key={plan.id}
                  className={cn('px-4 py-3 text-center', plan.id === highlight && 'bg-primary-soft/60')}
                >
                  <Cell value={row.values[plan.id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
