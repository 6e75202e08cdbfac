import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAlertConditionsResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey } from './query-keys';

export const alertConditionsQueryKey = (userId: string) => [...alertsRootKey, 'conditions', userId] as const;

/** GET /api/alerts/conditions/{userId} */
export function useAlertConditions(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: alertConditionsQueryKey(userId),
      queryFn: ({ signal }) =>
        api.get(`/api/alerts/conditions/${encodeURIComponent(userId)}`, {
          schema: ZAlertConditionsResponse,
          signal,
        }),
    }),
  );
}
