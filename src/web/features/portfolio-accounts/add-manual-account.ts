import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZManualAccountResponse, type ManualAccountInput } from '../../../contracts/portfolio-accounts';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioAccountsQueryKey } from './get-portfolio-accounts';

/**
 * POST /api/portfolio-accounts/manual (the form, or a saved import). Spec 000 §8: 'Account Added' once the list
 * has been refetched, or 'Failed to Add Account' with the server's message.
 */
export function useAddManualAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ManualAccountInput) =>
      api.post('/api/portfolio-accounts/manual', input, { schema: ZManualAccountResponse }),
    onSuccess: async ({ account }) => {
      await queryClient.invalidateQueries({ queryKey: portfolioAccountsQueryKey(userId) });
      toast({ title: 'Account Added', description: `${account.accountName} is now part of your accounts.` });
    },
    onError: (error) => {
      toast({
        title: 'Failed to Add Account',
        description: serverMessage(error, 'The account could not be added. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
