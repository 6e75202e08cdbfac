import { CreditCard, ExternalLink, Loader2 } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import type { BillingSummary } from '../../../contracts/billing';
import { isPaidPlan, PLANS } from '../../../domain/plans';
import { COMPLIMENTARY_STATUS, DEMO_STATUS } from '../../../domain/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { CheckList } from './check-list';
import { useOpenBillingPortal } from './create-portal-session';

/** Spec 001 "Billing portal card": what the hosted portal lets a subscriber do. */
export const PORTAL_FEATURES = [
  'Update payment methods',
  'View invoices',
  'Download receipts',
  'Update billing address',
  'Cancel or modify subscription',
  'View upcoming charges',
] as const;

/** The line under a disabled button for a plan that costs nothing (issue 25 item 14), else the spec's. */
function unavailableMessage(summary: BillingSummary | null | undefined): string {
  if (summary?.status === COMPLIMENTARY_STATUS || summary?.status === DEMO_STATUS) {
    const plan = PLANS[summary.plan].name;
    return summary.status === COMPLIMENTARY_STATUS
      ? `Your ${plan} plan is complimentary: there is nothing to pay, so there is no billing to manage.`
      : `This demo account's ${plan} plan is set in Demo Settings: there is nothing to pay, so there is no billing to manage.`;
  }
  return BILLING_MESSAGES.noBillingAccount;
}

/**
 * The billing portal card: 'Active' on a paid plan; 'Manage Billing' opens Stripe's portal for the session
 * user's own customer ('Opening Portal...') once the server says they bought something (a started
 * subscription or a one-month purchase: `hasBillingAccount`), or right after a Checkout the server verified as
 * paid (`hasVerifiedPayment`, before its webhook arrives); otherwise it is disabled with the spec's message.
 * `summary` undefined: still loading; null: it could not be read (the button stays disabled).
 */
export function BillingPortalCard({
  summary,
  hasVerifiedPayment = false,
}: {
  summary: BillingSummary | null | undefined;
  hasVerifiedPayment?: boolean;
}) {
  const portal = useOpenBillingPortal();
  const isPaid = summary ? isPaidPlan(summary.plan) : false;
  const canOpen = summary?.hasBillingAccount === true || hasVerifiedPayment;
  const isOpening = portal.isPending || portal.isSuccess;
  return (
    <Card role="region" aria-labelledby="billing-portal-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          <h2 id="billing-portal-title" className="text-lg font-semibold">
            Billing portal
          </h2>
          {isPaid ? <Badge variant="success">Active</Badge> : null}
        </div>
        <CardDescription>Manage your subscription in Stripe&apos;s secure billing portal.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CheckList items={PORTAL_FEATURES} className="grid text-sm sm:grid-cols-2" />
        {summary === undefined ? (
          <Skeleton className="h-10 w-40" />
        ) : (
          <div className="flex flex-col gap-2">
            <Button
              className="self-start"
              onClick={() => portal.mutate()}
              disabled={!canOpen || isOpening}
              aria-describedby={canOpen ? undefined : 'billing-portal-unavailable'}
            >
              {isOpening ? (
                <>
                  <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                  Opening Portal...
                </>
              ) : (
                <>
                  <ExternalLink aria-hidden="true" />
                  Manage Billing
                </>
              )}
            </Button>
            {canOpen ? null : (
              <p id="billing-portal-unavailable" className="text-sm text-muted-foreground">
                {unavailableMessage(summary)}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
