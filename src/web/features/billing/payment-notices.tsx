import { Link } from 'wouter';
import { AlertCircle, BadgeCheck, RefreshCw } from 'lucide-react';
import type { User } from '../../../contracts/accounts';
import type { PaidPlan } from '../../../contracts/billing';
import { BILLING_MESSAGES, unpaidPlanMessage } from '../../../contracts/billing-messages';
import { PLANS } from '../../../domain/plans';
import { unpaidPlanBlockingPurchase } from '../../../domain/subscriptions';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';

/** No publishable key (or a 503 from the server): 'Payment Service Unavailable: ...' (spec 000 §8). */
export function PaymentUnavailableNotice() {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{BILLING_MESSAGES.notConfigured}</AlertDescription>
    </Alert>
  );
}

/** Stripe.js did not load (offline, blocked): 'Payment system not ready. Please refresh the page.' */
export function PaymentNotReadyNotice() {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <AlertDescription>{BILLING_MESSAGES.paymentSystemNotReady}</AlertDescription>
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          onClick={() => window.location.reload()}
        >
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
    </Alert>
  );
}

/**
 * What stops `user` buying `plan` without asking Stripe: a complimentary plan, or a demo plan that includes it
 * (the server refuses these with the same words, 409). Null: nothing.
 */
export function unpaidPlanNotice(user: User | null, plan: PaidPlan): string | null {
  if (!user) return null;
  const reason = unpaidPlanBlockingPurchase({ plan: user.plan, status: user.subscriptionStatus }, plan);
  return reason ? unpaidPlanMessage(reason, PLANS[user.plan].name) : null;
}

/** A plan the account has without paying: nothing to buy here (issue 25 item 14). */
export function UnpaidPlanNotice({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-4" role="status">
      <p className="flex gap-3">
        <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <Link href="/account#billing" className={buttonClasses({ variant: 'outline' })}>
        See your plan
      </Link>
    </div>
  );
}

/**
 * No Stripe key on this server, said where the payment form would be: what is true, and where to go instead
 * (issue 25 item 9: not an empty form card).
 */
export function PaymentsNotSetUp() {
  return (
    <div className="flex flex-col items-start gap-4">
      <PaymentUnavailableNotice />
      <p className="text-sm text-muted-foreground">
        This server has no payment service configured, so nothing can be bought or charged here. Everything in
        the Free plan works as usual.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link href="/pricing" className={buttonClasses({ variant: 'outline' })}>
          Compare plans
        </Link>
        <Link href="/app" className={buttonClasses({ variant: 'outline' })}>
          Analyze your portfolio
        </Link>
      </div>
    </div>
  );
}
