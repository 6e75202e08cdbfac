import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZGenerateSuggestionsResponse, type SuggestionRequest } from '../../../contracts/trading-suggestions';
import { toast } from '../../components/ui/use-toast';
import { api, errorMessage } from '../../lib/api-client';
import { suggestionsQueryKey } from './get-suggestions';

const GENERATE_FAILED = 'Failed to generate suggestions. Please try again.';

/** Spec 000 §8: a message naming a subscription or Premium is the upgrade toast; anything else 'Analysis Failed'. */
export function generateFailureToast(error: unknown): { title: string; description: string } {
  const message = errorMessage(error, '');
  if (/subscription/i.test(message) || message.includes('Premium')) {
    return {
      title: 'Subscription Required',
      description: 'Upgrade to Premium to access AI Trading Suggestions',
    };
  }
  return { title: 'Analysis Failed', description: message || GENERATE_FAILED };
}

/**
 * POST /api/trading-suggestions, then the list is refetched (spec 000 §4). Toasts 'AI Analysis Complete' with the
 * count of suggestions, or the failure toast of §8.
 */
export function useGenerateSuggestions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SuggestionRequest) =>
      api.post('/api/trading-suggestions', request, { schema: ZGenerateSuggestionsResponse }),
    onSuccess: async ({ suggestions }) => {
      await queryClient.invalidateQueries({ queryKey: suggestionsQueryKey(userId) });
      const count = suggestions.length;
      toast({
        title: 'AI Analysis Complete',
        description:
          count === 0
            ? 'No trading suggestions: your portfolio is within every rule for these preferences.'
            : `Generated ${count} trading ${count === 1 ? 'suggestion' : 'suggestions'}`,
      });
    },
    onError: (error) => toast({ ...generateFailureToast(error), variant: 'destructive' }),
  });
}
