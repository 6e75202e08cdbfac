import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { AlertCircle, ArrowRight, BarChart3, CheckCircle2, Sparkles, TerminalSquare } from 'lucide-react';
import type { CheckoutSessionStatus } from '../../../contracts/billing';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { PLANS } from '../../../domain/plans';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { BillingPortalCard } from './billing-portal-card';
import { errorStatus } from './billing-errors';
import { useBillingSummary } from './get-billing';
import { CHECKOUT_SESSION_ID_PATTERN, useCheckoutSession } from './get-checkout-session';
import { SubscribeSignInPrompt } from './subscribe-parts';
import { usePlanCopy } from '../../lib/plan-copy';
import type { PlanCopy } from '../../../domain/plans';

/**
 * Spec 001 "/success": the benefits of the plan just bought. 'Unlimited AI analysis' only where a language model
 * writes analyses; without one every plan's analyses are unlimited and written by rules (issue #25 item 8).
 */
export function successBenefits(copy: PlanCopy) {
  return [
    {
      icon: TerminalSquare,
      title: 'Pro terminal',
      text: 'The Professional Trading Terminal with live market data.',
    },
    {
      icon: Sparkles,
      title: copy.hasLanguageModel ? 'Unlimited AI analysis' : 'Unlimited portfolio analysis',
      text: 'Analyze your portfolio as often as you like.',
    },
    {
      icon: BarChart3,
      title: 'Advanced risk analytics',
      text: 'Beta, Sharpe, drawdown, VaR and correlation.',
    },
  ] as const;
}

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
  const copy = usePlanCopy();
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
        {successBenefits(copy).map(({ icon: Icon, title, text }) => (
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

function Problem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertCircle aria-hidden="true" />
      <div>
        <AlertDescription>{message}</AlertDescription>
        {children}
      </div>
    </Alert>
  );
}

function Checking({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 py-6" role="status">
      <Spinner className="size-5" />
      <p className="text-muted-foreground">{label}</p>
    </div>
  );
}

/** What /success says, under a heading that is true for it (issue 25 item 9). */
interface Outcome {
  heading: string;
  body: ReactNode;
  /** A Checkout session Stripe calls paid: the portal may open before its webhook arrives. */
  isPaid?: boolean;
}

/** Nothing was bought: no session id came back from Stripe Checkout. */
const NO_PAYMENT: Outcome = {
  heading: 'No payment to show',
  body: (
    <div className="flex flex-col items-start gap-3">
      <p>
        Nothing was bought here. This page confirms a subscription when Stripe Checkout sends you back to it,
        and no payment session came with this visit.
      </p>
      <Link href="/pricing" className={buttonClasses()}>
        See the plans
      </Link>
    </div>
  ),
};

/** A 503 whose message is the spec's 'not configured' one: this server has no Stripe key. */
function isNotConfigured(error: unknown): boolean {
  return errorStatus(error) === 503 && serverMessage(error, '') === BILLING_MESSAGES.notConfigured;
}

/** What a signed-in person is told about `sessionId`, from the server's answer about it. */
function outcomeOf(sessionId: string, checked: ReturnType<typeof useCheckoutSession>): Outcome {
  if (
    !CHECKOUT_SESSION_ID_PATTERN.test(sessionId) ||
    (checked.isError && errorStatus(checked.error) === 404)
  ) {
    return {
      heading: 'Payment not verified',
      body: (
        <Problem message="This payment could not be verified. If you were charged, please contact support." />
      ),
    };
  }
  if (checked.isError && isNotConfigured(checked.error)) {
    return {
      heading: 'Payments are not set up',
      body: (
        <Problem message={BILLING_MESSAGES.notConfigured}>
          <p className="mt-1 text-sm">
            This server has no payment service configured, so it takes no payments and cannot check this one.
          </p>
        </Problem>
      ),
    };
  }
  if (checked.isError) {
    return {
      heading: 'Payment not verified',
      body: (
        <Problem message="The payment could not be checked just now. Please refresh the page in a moment." />
      ),
    };
  }
  if (!checked.data) {
    return {
      heading: 'Checking your payment',
      body: <Checking label="Verifying your payment with Stripe..." />,
    };
  }
  if (!isPaid(checked.data)) {
    return {
      heading: 'Checkout not completed',
      body: <Problem message="This checkout has not been completed: no payment was taken." />,
    };
  }
  return { heading: 'Thank you for subscribing', body: <Verified status={checked.data} />, isPaid: true };
}

function Heading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>;
}

/**
 * /success?session_id=...: the session id, verified on the server; a heading that says what happened (paid, not
 * paid, nothing bought, payments not set up); the links; the portal card.
 */
export function SuccessView() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const session = useSession();
  const billing = useBillingSummary(session.user !== null);
  // A visitor's session id is not asked about: the server answers only the account that paid.
  const checked = useCheckoutSession(session.user ? sessionId : null);
  const outcome: Outcome = !sessionId
    ? NO_PAYMENT
    : session.isLoading
      ? { heading: 'Your payment', body: <Spinner className="size-6" label="Checking your session" /> }
      : session.user
        ? outcomeOf(sessionId, checked)
        : {
            heading: 'Sign in to see your payment',
            body: <SubscribeSignInPrompt message="Please sign in to see your payment." />,
          };
  return (
    <>
      <Heading>{outcome.heading}</Heading>
      {sessionId ? (
        <p className="text-sm text-muted-foreground">
          Session ID: <code className="break-all font-mono text-foreground">{sessionId}</code>
        </p>
      ) : null}
      {outcome.body}
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
      {session.user ? (
        <BillingPortalCard
          summary={billing.isError ? null : billing.data}
          hasVerifiedPayment={outcome.isPaid === true}
        />
      ) : null}
    </>
  );
}
