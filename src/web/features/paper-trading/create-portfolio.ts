import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZCreatePaperPortfolioResponse,
  type CreatePaperPortfolioRequest,
} from '../../../contracts/paper-trading';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { trackEvent } from '../../lib/analytics';
import { portfoliosQueryKey } from './get-portfolios';
import { rewardsQueryRoot } from '../../lib/query-keys';

const CREATED = 'Your virtual portfolio has been created successfully.';
const CREATE_FAILED = 'Failed to create portfolio';

/**
 * POST /api/paper-trading/portfolio. The spec's client also sends the balances, returns and holdings; the
 * server owns those, so only what the person typed is sent. Settles after the portfolio list and the points
 * (a first portfolio earns 100) have been refetched, so the new portfolio can be selected at once. Shows the
 * spec's toasts (§8): 'Portfolio Created!' with the server's message, or 'Error' with the error's.
 */
export function useCreatePortfolio(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePaperPortfolioRequest) =>
      api.post(
        '/api/paper-trading/portfolio',
        { ...input, userId },
        { schema: ZCreatePaperPortfolioResponse },
      ),
    onSuccess: async ({ message }) => {
      trackEvent('paper_portfolio_created', { category: 'paper_trading' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: portfoliosQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
      ]);
      toast({ title: 'Portfolio Created!', description: message || CREATED });
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, CREATE_FAILED), variant: 'destructive' });
    },
  });
}
