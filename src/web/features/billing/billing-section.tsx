import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import type { BillingSummary } from '../../../contracts/billing';
import { isPaidPlan, PLANS } from '../../../domain/plans';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api-client';
import { BillingPortalCard } from './billing-portal-card';
import { useBillingSummary } from './get-billing';

const STATUS_LABELS: Readonly<Record<string, string>> = {
  none: 'No subscription',
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Payment not completed',
  paused: 'Paused',
  demo: 'Demo (set in Demo Settings, nothing charged)',
  complimentary: 'Complimentary (granted to your account, nothing to pay)',
};

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

function intervalLabel(summary: BillingSummary): string | null {
  if (!summary.interval) return null;
  return summary.interval === 'monthly' ? 'Billed monthly' : 'Billed yearly';
}

/** The period line: 'Renews on ...', 'Ends on ...' when canceled at period end, or the trial's end. */
function periodLine(summary: BillingSummary): string | null {
  if (summary.trialEndsAt && summary.status === 'trialing')
    return `Trial ends on ${formatDate(summary.trialEndsAt)}`;
  if (!summary.currentPeriodEnd) return null;
  const date = formatDate(summary.currentPeriodEnd);
  return summary.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
}

function PlanDetails({ summary }: { summary: BillingSummary }) {
  const rows: [string, string][] = [
    ['Plan', PLANS[summary.plan].name],
    ['Status', STATUS_LABELS[summary.status] ?? summary.status],
  ];
  const interval = intervalLabel(summary);
  if (interval) rows.push(['Billing', interval]);
  const period = periodLine(summary);
  if (period) rows.push(['Period', period]);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /account#billing: the plan, its status and renewal (GET /api/billing), a way to change it, and the portal. */
export function BillingSection() {
  const billing = useBillingSummary();
  return (
    <section id="billing" aria-labelledby="billing-title" className="flex scroll-mt-20 flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <span id="billing-title">Billing</span>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {billing.data ? (
            <PlanDetails summary={billing.data} />
          ) : billing.isError ? (
            <Alert variant="destructive" role="alert">
              <AlertCircle aria-hidden="true" />
              <AlertDescription>
                {serverMessage(billing.error, 'Your billing details could not be loaded. Please try again.')}
              </AlertDescription>
            </Alert>
          ) : (
            <Skeleton className="h-16 w-full" />
          )}
          <Link href="/pricing" className={buttonClasses({ variant: 'outline', className: 'self-start' })}>
            {billing.data && isPaidPlan(billing.data.plan) ? 'Compare plans' : 'View Plans'}
          </Link>
        </CardContent>
      </Card>
      <BillingPortalCard summary={billing.isError ? null : billing.data} />
    </section>
  );
}
