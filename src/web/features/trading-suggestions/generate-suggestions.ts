import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZGenerateSuggestionsResponse,
  type SuggestionRequest,
  type TradingSuggestion,
} from '../../../contracts/trading-suggestions';
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
 * The toast of a finished generation, naming what ran: the spec's 'AI Analysis Complete' when the language model
 * wrote the reasoning, 'Analysis complete' when rules did (no model configured, or it failed), with the count.
 */
export function generatedToast(suggestions: readonly Pick<TradingSuggestion, 'reasoningSource'>[]): {
  title: string;
  description: string;
} {
  const count = suggestions.length;
  return {
    title: suggestions.some((s) => s.reasoningSource === 'model')
      ? 'AI Analysis Complete'
      : 'Analysis complete',
    description:
      count === 0
        ? 'No trading suggestions: your portfolio is within every rule for these preferences.'
        : `Generated ${count} trading ${count === 1 ? 'suggestion' : 'suggestions'}`,
  };
}

/**
 * POST /api/trading-suggestions, then the list is refetched (spec 000 §4). Toasts what ran (`generatedToast`) with
 * the count of suggestions, or the failure toast of §8.
 */
export function useGenerateSuggestions(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SuggestionRequest) =>
      api.post('/api/trading-suggestions', request, { schema: ZGenerateSuggestionsResponse }),
    onSuccess: async ({ suggestions }) => {
      await queryClient.invalidateQueries({ queryKey: suggestionsQueryKey(userId) });
      toast(generatedToast(suggestions));
    },
    onError: (error) => toast({ ...generateFailureToast(error), variant: 'destructive' }),
  });
}
