import type { ComponentProps } from 'react';
import { Link, useSearch } from 'wouter';
import { LogIn, ShieldCheck } from 'lucide-react';
import { ZBillingInterval, ZPaidPlan, type PaidPlan } from '../../../contracts/billing';
import { PLANS, PLAN_IDS, planAdditions, planRank, type BillingInterval } from '../../../domain/plans';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { usePlanCopy } from '../../lib/plan-copy';
import { CheckList } from './check-list';
import { planPriceText } from './plan-price';

/** `?plan=professional&interval=yearly`; anything else is Premium, monthly. */
export function useSubscribeParams(): { plan: PaidPlan; interval: BillingInterval } {
  const search = new URLSearchParams(useSearch());
  const plan = ZPaidPlan.safeParse(search.get('plan'));
  const interval = ZBillingInterval.safeParse(search.get('interval'));
  return {
    plan: plan.success ? plan.data : 'premium',
    interval: interval.success ? interval.data : 'monthly',
  };
}

/** The login page, coming back to this page (with its plan and interval) once signed in. */
export function signInPath(): string {
  return `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;
}

/** The plan being bought: name, charge per period, what it adds, and the subscribe pages' 30-day guarantee. */
export function PlanSummary({ plan, interval }: { plan: PaidPlan; interval: BillingInterval }) {
  const { name, price } = PLANS[plan];
  const text = price ? planPriceText(price, interval) : undefined;
  const below = PLAN_IDS[planRank(plan) - 1];
  const copy = usePlanCopy();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{name} plan</CardTitle>
        {text ? (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-bold">{text.charge}</span>
            {text.saves ? (
              <span className="text-sm text-muted-foreground">
                {text.perMonth}/month · <span className="font-semibold text-success">{text.saves}</span>
              </span>
            ) : null}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {below ? <p className="text-sm font-medium">Everything in {PLANS[below].name}, plus:</p> : null}
        <CheckList items={planAdditions(plan, copy)} className="text-sm" />
        <p className="flex items-center gap-2 border-t border-border pt-4 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          30-day money-back guarantee. Cancel at any time.
        </p>
      </CardContent>
    </Card>
  );
}

/** A visitor is asked to sign in first; the account is who pays (and who gets the plan). */
export function SubscribeSignInPrompt({
  message = 'Please sign in to subscribe: the plan is added to your account.',
}: {
  message?: string;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 px-4 py-8 text-center">
        <LogIn className="size-8 text-primary" aria-hidden="true" />
        <p className="font-medium">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href={signInPath()} className={buttonClasses()}>
            Sign In
          </a>
          <Link href="/signup" className={buttonClasses({ variant: 'outline' })}>
            Create an account
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/** Name and email (spec 000 §5: both required); the disabled button is described by the spec's message. */
export function NameEmailFields({
  name,
  email,
  onNameChange,
  onEmailChange,
  disabled,
}: {
  name: string;
  email: string;
  onNameChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RequiredField
        id="subscriber-name"
        label="Full name"
        autoComplete="name"
        maxLength={200}
        value={name}
        disabled={disabled}
        onChange={onNameChange}
      />
      <RequiredField
        id="subscriber-email"
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        disabled={disabled}
        onChange={onEmailChange}
      />
    </div>
  );
}

function RequiredField({
  id,
  label,
  onChange,
  ...input
}: Omit<ComponentProps<typeof Input>, 'onChange'> & {
  id: string;
  label: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-required="true" {...input} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Whether both fields have something besides spaces. */
export function hasNameAndEmail(name: string, email: string): boolean {
  return name.trim() !== '' && email.trim() !== '';
}
