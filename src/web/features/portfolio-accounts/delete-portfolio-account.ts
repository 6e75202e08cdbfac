import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioAccount } from '../../../contracts/portfolio-accounts';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioAccountsQueryKey } from './get-portfolio-accounts';

/** DELETE /api/portfolio-accounts/{id} (manual accounts only); 'Account Deleted' (spec 000 §8) once refetched. */
export function useDeletePortfolioAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: Pick<PortfolioAccount, 'id' | 'accountName'>) =>
      api.delete<void>(`/api/portfolio-accounts/${encodeURIComponent(account.id)}`),
    onSuccess: async (_nothing, account) => {
      await queryClient.invalidateQueries({ queryKey: portfolioAccountsQueryKey(userId) });
      toast({ title: 'Account Deleted', description: `${account.accountName} was removed.` });
    },
    onError: (error) => {
      toast({
        title: 'Failed to Delete Account',
        description: serverMessage(error, 'The account could not be deleted. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
