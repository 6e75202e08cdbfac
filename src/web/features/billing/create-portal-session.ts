import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { api, errorCode } from '../../lib/api-client';
import { toast } from '../../components/ui/use-toast';
import { billingErrorMessage } from './billing-errors';
import { browserNavigation } from './browser-navigation';
import { redirectUrlSchema } from './redirect-url';

/** POST /api/create-portal-session -> { url }: Stripe's hosted portal for the session user's own customer. */
export function createPortalSession() {
  return api.post('/api/create-portal-session', {}, { schema: redirectUrlSchema });
}

/** Spec 001 "Billing portal": idle, opening, then the browser goes to the portal; a failure is a toast. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) =>
      toast({
        title: 'Portal Access Failed',
        description:
          errorCode(error) === 'BAD_RESPONSE'
            ? BILLING_MESSAGES.noPortalUrl
            : billingErrorMessage(error, BILLING_MESSAGES.portalFailedFallback),
        variant: 'destructive',
      }),
  });
}
