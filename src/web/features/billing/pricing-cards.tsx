import { Link, useLocation } from 'wouter';
import { Loader2 } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import {
  PLAN_LIST,
  formatPlanDollars,
  planAdditions,
  planTagline,
  type BillingInterval,
  type PaidPlanId,
  type Plan,
  type PlanId,
} from '../../../domain/plans';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { trackEvent } from '../../lib/analytics';
import { cn } from '../../lib/cn';
import { useConfig } from '../../lib/config';
import { usePlanCopy } from '../../lib/plan-copy';
import { useSession, userHasSubscription } from '../../lib/session';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { useStartCheckout } from './create-checkout-session';
import { CheckList } from './check-list';
import { planPriceText } from './plan-price';

/** A subscribe page's address for a plan and interval (a full page load: see PAYMENT_PAGE_PATHS). */
export function subscribePath(plan: PaidPlanId, interval: BillingInterval): string {
  return `/subscribe?plan=${plan}&interval=${interval}`;
}

function PriceBlock({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  if (!plan.price) {
    return (
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">Custom</span>
      </p>
    );
  }
  if (plan.price.monthlyCents === 0) {
    return (
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatPlanDollars(0)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
    );
  }
  const text = planPriceText(plan.price, interval);
  return (
    <div className="flex flex-col gap-1">
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{text.perMonth}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
      {text.billed ? (
        <p className="text-sm text-muted-foreground">
          {text.billed} · <span className="font-semibold text-success">{text.saves}</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">billed monthly</p>
      )}
    </div>
  );
}

function PremiumAction({ interval }: { interval: BillingInterval }) {
  const session = useSession();
  const config = useConfig();
  const [, navigate] = useLocation();
  const checkout = useStartCheckout();
  const start = () => {
    trackEvent('cta_click', { category: 'conversion', label: 'upgrade' });
    if (!session.user) {
      navigate(`/login?next=${encodeURIComponent('/pricing')}`);
      return;
    }
    if (config.data && !config.data.stripePublishableKey) {
      toast({
        title: 'Subscription Failed',
        description: BILLING_MESSAGES.notConfigured,
        variant: 'destructive',
      });
      return;
    }
    checkout.mutate({ plan: 'premium', interval });
  };
  return (
    <Button className="w-full" onClick={start} disabled={checkout.isPending || checkout.isSuccess}>
      {checkout.isPending || checkout.isSuccess ? (
        <>
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          Processing...
        </>
      ) : (
        'Get Premium'
      )}
    </Button>
  );
}

function PlanAction({
  planId,
  interval,
  isSubscriber,
}: {
  planId: PlanId;
  interval: BillingInterval;
  isSubscriber: boolean;
}) {
  if (planId === 'free') {
    return (
      <Link href="/app" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
        Get Started Free
      </Link>
    );
  }
  if (planId === 'enterprise') {
    return (
      <Link href="/contact" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
        Contact Sales
      </Link>
    );
  }
  // A subscriber changes plan in the billing portal, not in a second checkout (spec 000 §6).
  if (isSubscriber) {
    return (
      <Link href="/account#billing" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
        Manage billing
      </Link>
    );
  }
  if (planId === 'premium') return <PremiumAction interval={interval} />;
  return (
    <a href={subscribePath('professional', interval)} className={buttonClasses({ className: 'w-full' })}>
      Choose Professional
    </a>
  );
}

const PLAN_NOTES: Partial<Record<PlanId, string>> = {
  premium: '7-day free trial for new subscribers. Students: 50% off with a promotion code at checkout.',
  professional: 'Pay by card, PayPal, Apple Pay, Google Pay or bank transfer. 30-day money-back guarantee.',
  enterprise: 'Volume pricing, white-label reports and a named contact.',
};

/** The four plan cards of /pricing (spec 000 "/pricing"), prices and features from src/domain/plans.ts. */
export function PricingCards({ interval }: { interval: BillingInterval }) {
  const session = useSession();
  // A prerendered page knows no session: plan badges appear once the page is the app's.
  const isHydrated = useIsHydrated();
  const user = isHydrated ? session.user : null;
  const isSubscriber = userHasSubscription(user);
  const copy = usePlanCopy();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {PLAN_LIST.map((plan, index) => {
        const isCurrent = user?.plan === plan.id;
        const isFeatured = plan.id === 'premium';
        const additions = planAdditions(plan.id, copy);
        const below = index > 0 ? PLAN_LIST[index - 1] : undefined;
        return (
          <li key={plan.id}>
            <section
              aria-labelledby={`plan-${plan.id}`}
              className={cn(
                'flex h-full flex-col gap-5 rounded-xl border bg-background p-6 shadow-sm',
                isFeatured ? 'border-primary ring-1 ring-primary' : 'border-border',
              )}
            >
              <div className="flex flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 id={`plan-${plan.id}`} className="text-xl font-semibold">
                    {plan.name}
                  </h2>
                  {isFeatured ? <Badge>Most popular</Badge> : null}
                  {isCurrent ? <Badge variant="success">Current plan</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{planTagline(plan.id, copy)}</p>
              </div>
              <PriceBlock plan={plan} interval={interval} />
              <PlanAction planId={plan.id} interval={interval} isSubscriber={isSubscriber} />
              <div className="flex flex-col gap-2 text-sm">
                {below ? (
                  <p className="font-medium">
                    {additions.length > 0
                      ? `Everything in ${below.name}, plus:`
                      : `Everything in ${below.name}, for your whole team.`}
                  </p>
                ) : null}
                <CheckList items={additions} />
              </div>
              {PLAN_NOTES[plan.id] ? (
                <p className="mt-auto border-t border-border pt-4 text-xs text-muted-foreground">
                  {PLAN_NOTES[plan.id]}
                </p>
              ) : null}
            </section>
          </li>
        );
      })}
    </ul>
  );
}
