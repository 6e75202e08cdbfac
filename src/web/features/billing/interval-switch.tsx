import { PLANS, yearlySavingsPercent, type BillingInterval } from '../../../domain/plans';
import { cn } from '../../lib/cn';

const premiumPrice = PLANS.premium.price;
/** 'Save 20%' (spec 000 §9), computed from the price table and rounded down so it never overstates. */
export const YEARLY_SAVINGS_LABEL = `Save ${premiumPrice ? yearlySavingsPercent(premiumPrice) : 0}%`;

const OPTIONS: readonly { value: BillingInterval; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Annual' },
];

/** The monthly/annual switch: two radio buttons in a group, arrow keys move between them as in any radio group. */
export function IntervalSwitch({
  value,
  onChange,
  name,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
  /** The radio group's name; unique per page. */
  name: string;
}) {
  return (
    <fieldset className="inline-flex flex-wrap items-center gap-3">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border border-border bg-muted p-1">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === option.value
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <span className="rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
        {YEARLY_SAVINGS_LABEL}
      </span>
    </fieldset>
  );
}
