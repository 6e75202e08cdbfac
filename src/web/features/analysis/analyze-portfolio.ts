import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAnalyzeResponse, type Portfolio, type AnalyzeRequest } from '../../../contracts/analysis';
import { api } from '../../lib/api-client';
import { trackEvent } from '../../lib/analytics';
import { valuationQueryOptions } from './get-valuation';

/**
 * POST /api/analyze (AI) or /api/analyze-demo (the deterministic sample analysis). Running it also refreshes
 * the valuation in the background (spec 000 §4); a failed refresh shows no valuation rather than an old one.
 */
export function useAnalyzePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ portfolio, mode }: { portfolio: Portfolio; mode: 'ai' | 'demo' }) =>
      api.post(
        mode === 'demo' ? '/api/analyze-demo' : '/api/analyze',
        { portfolio } satisfies AnalyzeRequest,
        { schema: ZAnalyzeResponse },
      ),
    onMutate: ({ portfolio, mode }) => {
      trackEvent(mode === 'demo' ? 'sample_analysis' : 'analyze_portfolio', {
        category: 'analysis',
        value: Object.keys(portfolio).length,
      });
      void queryClient.refetchQueries({ queryKey: valuationQueryOptions(portfolio).queryKey });
    },
  });
}
