import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAdminStats } from '../../../contracts/admin';
import type { AdminStatsRange as Range } from '../../../domain/admin/analytics';
import { api } from '../../lib/api-client';
import { adminQueryRoot } from './query-keys';

/** GET /api/admin/stats?range=: the cards, recent signups, signups per day and the Analytics tab. */
const statsQueryOptions = (range: Range) =>
  queryOptions({
    queryKey: [...adminQueryRoot, 'stats', range],
    queryFn: ({ signal }) => api.get(`/api/admin/stats?range=${range}`, { schema: ZAdminStats, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminStats(range: Range) {
  return useQuery(statsQueryOptions(range));
}
