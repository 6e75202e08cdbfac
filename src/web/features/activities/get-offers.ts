import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAcceptOffersResponse, ZActivityOffersResponse } from '../../../contracts/activity-offers';
import { toast } from '../../components/ui/use-toast';
import { api, serverMessage } from '../../lib/api-client';
import { portfolioActivityKey } from './query-keys';

/**
 * GET /api/activities/offers: the dividends and splits the history lacks. Under the portfolio's key, so that any
 * change of the history looks again (the vendors' answers are cached by the server).
 */
export function useActivityOffers(portfolio: string) {
  return useQuery({
    queryKey: [...portfolioActivityKey(portfolio), 'offers'],
    queryFn: ({ signal }) =>
      api.get(`/api/activities/offers?portfolio=${encodeURIComponent(portfolio)}`, {
        schema: ZActivityOffersResponse,
        signal,
      }),
  });
}

/** POST /api/activities/offers/accept: the chosen offers added together, or none (the reason in a toast). */
export function useAcceptOffers(portfolio: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offers: readonly string[]) =>
      api.post('/api/activities/offers/accept', { portfolio, offers }, { schema: ZAcceptOffersResponse }),
    onSuccess: async ({ added }) => {
      await queryClient.invalidateQueries({ queryKey: portfolioActivityKey(portfolio) });
      toast({ title: added === 1 ? '1 activity added' : `${added} activities added` });
    },
    onError: (error) => {
      toast({
        title: 'Not added',
        description: serverMessage(error, 'The dividends could not be added.'),
        variant: 'destructive',
      });
    },
  });
}
