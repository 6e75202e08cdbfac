import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FlaskConical, Loader2 } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { PLANS } from '../../../domain/plans';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { useSession } from '../../lib/session';
import { PlanSummary, NameEmailFields, hasNameAndEmail, useSubscribeParams } from './subscribe-parts';
import { useSwitchDemoPlan } from './switch-demo-plan';

/** Spec 000 §9: the demo subscription 'succeeds' after 2 s. */
export const DEMO_SUBSCRIBE_DELAY_MS = 2000;

function DemoForm() {
  const { plan, interval } = useSubscribeParams();
  const session = useSession();
  const user = session.user;
  const [name, setName] = useState(user ? `${user.firstName} ${user.lastName}`.trim() : '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [isProcessing, setIsProcessing] = useState(false);
  const switchPlan = useSwitchDemoPlan();
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = () => {
    if (!user?.isDemo) {
      toast({
        title: 'Demo Complete',
        description: 'This was a demo: no payment was taken and your plan is unchanged.',
      });
      navigate('/app');
      return;
    }
    switchPlan.mutate(plan, {
      onSuccess: () => {
        toast({
          title: 'Payment Successful',
          description: `Demo: no payment was taken. Your demo account is now on ${PLANS[plan].name}.`,
        });
        navigate('/app');
      },
      onError: (error) => {
        setIsProcessing(false);
        toast({
          title: 'Payment Failed',
          description: serverMessage(error, BILLING_MESSAGES.paymentFailedFallback),
          variant: 'destructive',
        });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasNameAndEmail(name, email)) {
      toast({
        title: 'Missing Information',
        description: BILLING_MESSAGES.missingNameOrEmail,
        variant: 'destructive',
      });
      return;
    }
    setIsProcessing(true);
    timer.current = setTimeout(finish, DEMO_SUBSCRIBE_DELAY_MS);
  };

  const canSubmit = hasNameAndEmail(name, email) && !isProcessing;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card>
        <CardHeader>
          <CardTitle>Demo checkout</CardTitle>
          <CardDescription>No payment details are asked for and nothing is charged.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-6">
            <NameEmailFields
              name={name}
              email={email}
              onNameChange={setName}
              onEmailChange={setEmail}
              disabled={isProcessing}
            />
            <p className="text-sm text-muted-foreground">
              {user?.isDemo
                ? `Your demo account switches to ${PLANS[plan].name} when the demo payment completes.`
                : 'Only a demo account (Try the demo) changes plan here; any other account stays as it is.'}
            </p>
            <div className="flex flex-col gap-2">
              <Button type="submit" size="lg" disabled={!canSubmit}>
                {isProcessing ? (
                  <>
                    <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                    Processing demo payment...
                  </>
                ) : (
                  'Complete Demo Payment'
                )}
              </Button>
              {hasNameAndEmail(name, email) ? null : (
                <p className="text-sm text-muted-foreground">{BILLING_MESSAGES.missingNameOrEmail}</p>
              )}
            </div>
          </form>
        </CardContent>
      </Card>
      <PlanSummary plan={plan} interval={interval} />
    </div>
  );
}

/** /subscribe-demo (spec 000 "/subscribe" variant b): only with demo features on, and labelled as a demo. */
export function DemoSubscribe() {
  const config = useConfig();
  const session = useSession();
  if (config.isPending || session.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="Loading" />
      </div>
    );
  }
  if (!config.data?.demoFeatures) {
    return (
      <Alert variant="info">
        <AlertDescription>
          The demo checkout is not available on this server. See the plans on the pricing page.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Alert variant="info" role="note">
        <FlaskConical aria-hidden="true" />
        <div>
          <AlertTitle>Demo mode</AlertTitle>
          <AlertDescription>
            This checkout is a demonstration: it takes no payment. A real subscription goes through the
            pricing page.
          </AlertDescription>
        </div>
      </Alert>
      <DemoForm />
    </div>
  );
}
