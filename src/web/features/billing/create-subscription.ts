import { useMutation } from '@tanstack/react-query';
import {
  BILLING_MESSAGES,
  ZCreateSubscriptionResponse,
  type CreateSubscriptionRequest,
} from '../../../contracts/billing';
import { api, errorCode } from '../../lib/api-client';
import { billingErrorMessage } from './billing-errors';

/**
 * POST /api/create-subscription -> { subscriptionId, clientSecret }: an incomplete subscription whose first
 * invoice the Payment Element confirms. Only plan, interval, name, email (and the chosen method) are sent.
 */
export function createSubscription(request: CreateSubscriptionRequest) {
  return api.post('/api/create-subscription', request, { schema: ZCreateSubscriptionResponse });
}

/** The description of 'Subscription Creation Failed' for a failed call (spec 000 §8). */
export function subscriptionCreationFailure(error: unknown): string {
  if (errorCode(error) === 'BAD_RESPONSE') return BILLING_MESSAGES.noClientSecret;
  return billingErrorMessage(error, BILLING_MESSAGES.subscriptionCreateFailed);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
