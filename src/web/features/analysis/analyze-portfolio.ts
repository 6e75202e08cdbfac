import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAnalyzeResponse, type Portfolio, type AnalyzeRequest } from '../../../contracts/analysis';
import { api } from '../../lib/api-client';
import { trackEvent } from '../../lib/analytics';
import { valuationQueryOptions } from './get-valuation';

/**
 * POST /api/analyze (AI) or /api/analyze-demo (the deterministic sample analysis). Running it also refreshes
 * the valuation in the background (spec 000 §4); a failed refresh shows no valuation rather than an old one.
 * `portfolioKey` (signed in) names the saved portfolio the holdings are, for its recorded history's returns.
 */
export function useAnalyzePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      portfolio,
      mode,
      portfolioKey,
    }: {
      portfolio: Portfolio;
      mode: 'ai' | 'demo';
      portfolioKey: string | undefined;
    }) =>
      api.post(
        mode === 'demo' ? '/api/analyze-demo' : '/api/analyze',
        { portfolio, portfolioKey } satisfies AnalyzeRequest,
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
