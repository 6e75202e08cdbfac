import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { toast } from '../../components/ui/use-toast';
import { api, errorMessage } from '../../lib/api-client';
import { portfolioAccountsQueryKey } from './get-portfolio-accounts';

/**
 * POST /api/portfolio-accounts/demo: the three sample accounts; the answer is the new list. Spec 000 §8: a
 * failure whose message speaks of a subscription or Premium is 'Subscription Required', any other 'Failed to
 * Create Demo'.
 */
export function useCreateDemoAccounts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/api/portfolio-accounts/demo', undefined, { schema: ZPortfolioAccountListResponse }),
    onSuccess: (list) => {
      queryClient.setQueryData(portfolioAccountsQueryKey(userId), list);
    },
    onError: (error) => {
      const message = errorMessage(error, '');
      if (/subscription|premium/i.test(message)) {
        toast({
          title: 'Subscription Required',
          description: 'Upgrade to Premium to access Multi-Account Aggregation',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Failed to Create Demo', description: message || undefined, variant: 'destructive' });
      }
    },
  });
}
