import { AlertCircle, RefreshCw } from 'lucide-react';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

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
