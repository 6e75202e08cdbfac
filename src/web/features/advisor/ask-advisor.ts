import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAdviceResponse, type AdviceRequest } from '../../../contracts/advisor';
import { api } from '../../lib/api-client';
import { adviceHistoryQueryKey } from './get-advice-history';

/**
 * POST /api/financial-advice (spec 001 §7). On success the cached advice data (the recent questions) is
 * invalidated (spec 001 §4).
 */
export function useAskAdvisor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AdviceRequest) =>
      api.post('/api/financial-advice', request, { schema: ZAdviceResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adviceHistoryQueryKey }),
  });
}
