import { Link, useSearch } from 'wouter';
import { AlertCircle, ArrowRight, BarChart3, CheckCircle2, Sparkles, TerminalSquare } from 'lucide-react';
import type { CheckoutSessionStatus } from '../../../contracts/billing';
import { PLANS } from '../../../domain/plans';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { BillingPortalCard } from './billing-portal-card';
import { errorStatus } from './billing-errors';
import { useBillingSummary } from './get-billing';
import { CHECKOUT_SESSION_ID_PATTERN, useCheckoutSession } from './get-checkout-session';
import { SubscribeSignInPrompt } from './subscribe-parts';

/** Spec 001 "/success": the benefits of the plan just bought. */
export const SUCCESS_BENEFITS = [
  {
    icon: TerminalSquare,
    title: 'Pro terminal',
    text: 'The Professional Trading Terminal with live market data.',
  },
  { icon: Sparkles, title: 'Unlimited AI analysis', text: 'Analyze your portfolio as often as you like.' },
  { icon: BarChart3, title: 'Advanced risk analytics', text: 'Beta, Sharpe, drawdown, VaR and correlation.' },
] as const;

/** The spec's links; its /bloomberg-terminal page does not exist, so the terminal link goes to /terminal. */
const NEXT_LINKS = [
  { href: '/terminal', label: 'Open the trading terminal' },
  { href: '/app', label: 'Analyze your portfolio' },
  { href: '/features', label: 'Explore all features' },
  { href: '/robinhood-guide', label: 'Connect your Robinhood portfolio' },
  { href: '/about', label: 'Contact support' },
] as const;

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

/** A session Stripe calls complete and paid (or free, during a trial) is a subscription that started. */
function isPaid(status: CheckoutSessionStatus): boolean {
  return status.status === 'complete' && status.paymentStatus !== 'unpaid';
}

function Verified({ status }: { status: CheckoutSessionStatus }) {
  const planName = status.plan ? PLANS[status.plan].name : 'your plan';
  return (
    <div className="flex flex-col gap-6">
      <Alert variant="info" role="status">
        <CheckCircle2 aria-hidden="true" />
        <div>
          <AlertTitle>Payment verified: welcome to {planName}!</AlertTitle>
          <AlertDescription>
            {status.trialEndsAt
              ? `Your free trial runs until ${formatDate(status.trialEndsAt)}; you can cancel before then in the billing portal.`
              : 'Your subscription is active. A receipt is on its way to your email.'}
          </AlertDescription>
        </div>
      </Alert>
      <ul className="grid gap-4 sm:grid-cols-3">
        {SUCCESS_BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardContent className="flex flex-col gap-2 pt-6">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h2 className="font-semibold">{title}</h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NotVerified({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <div>
        <AlertTitle>Payment not verified</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </div>
    </Alert>
  );
}

function SessionStatus({ sessionId }: { sessionId: string | null }) {
  const checked = useCheckoutSession(sessionId);
  if (!sessionId)
    return <NotVerified message="No payment session was given, so there is nothing to verify." />;
  if (
    !CHECKOUT_SESSION_ID_PATTERN.test(sessionId) ||
    (checked.isError && errorStatus(checked.error) === 404)
  ) {
    return (
      <NotVerified message="This payment could not be verified. If you were charged, please contact support." />
    );
  }
  if (checked.isError) {
    return (
      <NotVerified message="The payment could not be checked just now. Please refresh the page in a moment." />
    );
  }
  if (!checked.data) {
    return (
      <div className="flex items-center gap-3 py-6" role="status">
        <Spinner className="size-5" />
        <p className="text-muted-foreground">Verifying your payment with Stripe...</p>
      </div>
    );
  }
  if (!isPaid(checked.data)) {
    return <NotVerified message="This checkout has not been completed: no payment was taken." />;
  }
  return <Verified status={checked.data} />;
}

/** /success?session_id=...: the session id, verified on the server; the benefits, the links, the portal card. */
export function SuccessView() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const session = useSession();
  const billing = useBillingSummary(session.user !== null);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Session ID: <code className="break-all font-mono text-foreground">{sessionId ?? 'none'}</code>
      </p>
      {session.isLoading ? (
        <Spinner className="size-6" label="Checking your session" />
      ) : session.user ? (
        <SessionStatus sessionId={sessionId} />
      ) : (
        <SubscribeSignInPrompt message="Please sign in to see your payment." />
      )}
      <nav aria-label="Next steps">
        <ul className="grid gap-2 sm:grid-cols-2">
          {NEXT_LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className={buttonClasses({ variant: 'outline', className: 'w-full justify-between' })}
              >
                {link.label}
                <ArrowRight aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {session.user ? <BillingPortalCard summary={billing.isError ? null : billing.data} /> : null}
    </div>
  );
}
