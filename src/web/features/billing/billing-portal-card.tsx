import { CreditCard, ExternalLink, Loader2 } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import type { BillingSummary } from '../../../contracts/billing';
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

/**
 * The billing portal card: 'Active' on a paid plan; 'Manage Billing' opens Stripe's portal for the session
 * user's own customer ('Opening Portal...'); without a Stripe customer it is disabled with the spec's message.
 * `summary` undefined: still loading; null: it could not be read (the button stays disabled).
 */
export function BillingPortalCard({ summary }: { summary: BillingSummary | null | undefined }) {
  const portal = useOpenBillingPortal();
  const isPaid = summary?.plan === 'premium' || summary?.plan === 'professional';
  const canOpen = summary?.hasBillingAccount === true;
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
                {BILLING_MESSAGES.noBillingAccount}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
