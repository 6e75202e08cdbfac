import { useState } from 'react';
import { KeyRound, Loader2, Send } from 'lucide-react';
import type { User } from '../../../contracts/accounts';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorCode, errorMessage } from '../../lib/api-client';
import { useConfig } from '../../lib/config';
import { createSubscription } from './create-subscription';
import { PLANS, centsToDollars } from '../../../domain/plans';

/** 'pk_test' of 'pk_test_51H...': the kind of key, never the key itself. */
export function publishableKeyPrefix(key: string): string {
  return key.split('_').slice(0, 2).join('_');
}

function Output({ id, children }: { id: string; children: string | null }) {
  return (
    <output id={id} aria-live="polite" className="min-h-6 font-mono text-sm break-all">
      {children}
    </output>
  );
}

/** /test-stripe (spec 001 "Payment test page"): the key's prefix, and a test subscription's result. */
export function TestStripePanel({ user }: { user: User }) {
  const config = useConfig();
  const [prefix, setPrefix] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [isPosting, setIsPosting] = useState(false);

  const showPrefix = () => {
    const key = config.data?.stripePublishableKey;
    setPrefix(key ? publishableKeyPrefix(key) : 'No publishable key is configured.');
  };

  const postTestSubscription = async () => {
    setIsPosting(true);
    setResult(null);
    try {
      const premium = PLANS.premium.price;
      const created = await createSubscription({
        plan: 'premium',
        interval: 'monthly',
        amount: premium ? centsToDollars(premium.monthlyCents) : undefined,
        customerEmail: user.email,
        customerName: `${user.firstName} ${user.lastName}`.trim() || user.name,
      });
      setResult(`Subscription created: ${created.subscriptionId}`);
    } catch (error) {
      setResult(
        errorCode(error) === 'NETWORK_ERROR'
          ? 'Network error'
          : `Error: ${errorMessage(error, 'Unknown error')}`,
      );
    } finally {
      setIsPosting(false);
    }
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Publishable key</CardTitle>
          <CardDescription>Shows which kind of key the browser uses (test or live).</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button variant="outline" className="self-start" onClick={showPrefix} disabled={config.isPending}>
            <KeyRound aria-hidden="true" />
            Show Key Prefix
          </Button>
          <Output id="stripe-key-prefix">{prefix}</Output>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Test subscription</CardTitle>
          <CardDescription>
            Creates an incomplete Premium subscription for your account; nothing is charged until it is paid.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button className="self-start" onClick={() => void postTestSubscription()} disabled={isPosting}>
            {isPosting ? (
              <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            ) : (
              <Send aria-hidden="true" />
            )}
            Create Test Subscription
          </Button>
          <Output id="stripe-test-result">{result}</Output>
        </CardContent>
      </Card>
    </div>
  );
}
