import { useQuery } from '@tanstack/react-query';
import { ZAdvancedAnalyticsResponse } from '../../../contracts/terminal';
import { api } from '../../lib/api-client';

/**
 * GET /api/terminal/advanced-analytics (Professional plan only): asked for only when `enabled` (the session's
 * plan is Professional), so no other plan makes a request that would answer 403. The figures move once a day.
 */
export function useAdvancedAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: ['terminal', 'advanced-analytics'],
    queryFn: ({ signal }) =>
      api.get('/api/terminal/advanced-analytics', { schema: ZAdvancedAnalyticsResponse, signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}
