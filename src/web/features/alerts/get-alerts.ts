import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAlertsResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey } from './query-keys';

/** Spec 000 §9: the alerts list refetches every 30 000 ms. */
const ALERTS_REFETCH_MS = 30_000;

export const alertsQueryKey = (userId: string) => [...alertsRootKey, 'triggered', userId] as const;

/** GET /api/alerts/{userId}: the alerts not acknowledged yet, newest first. */
export function useAlerts(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: alertsQueryKey(userId),
      queryFn: ({ signal }) =>
        api.get(`/api/alerts/${encodeURIComponent(userId)}`, { schema: ZAlertsResponse, signal }),
      refetchInterval: ALERTS_REFETCH_MS,
    }),
  );
}
