import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { toast, type ToastInput } from '../../components/ui/use-toast';
import { api, errorMessage } from '../../lib/api-client';
import { portfolioAccountsQueryKey } from './get-portfolio-accounts';

/**
 * Spec 000 §8: a failure whose message speaks of a subscription or Premium is 'Subscription Required', any
 * other 'Failed to Create Demo' with the message.
 */
export function demoFailureToast(message: string): ToastInput {
  if (/subscription|premium/i.test(message)) {
    return {
      title: 'Subscription Required',
      description: 'Upgrade to Premium to access Multi-Account Aggregation',
      variant: 'destructive',
    };
  }
  return { title: 'Failed to Create Demo', description: message || undefined, variant: 'destructive' };
}

/** POST /api/portfolio-accounts/demo: the three sample accounts; the answer is the new list. */
export function useCreateDemoAccounts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/api/portfolio-accounts/demo', undefined, { schema: ZPortfolioAccountListResponse }),
    onSuccess: (list) => {
      queryClient.setQueryData(portfolioAccountsQueryKey(userId), list);
    },
    onError: (error) => {
      toast(demoFailureToast(errorMessage(error, '')));
    },
  });
}
