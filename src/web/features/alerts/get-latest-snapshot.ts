import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLatestSnapshotResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey } from './query-keys';

/** GET /api/snapshots/latest/{userId}: the latest snapshot and the history for the chart. */
export function useLatestSnapshot(userId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...alertsRootKey, 'snapshot', userId],
      queryFn: ({ signal }) =>
        api.get(`/api/snapshots/latest/${encodeURIComponent(userId)}`, {
          schema: ZLatestSnapshotResponse,
          signal,
        }),
    }),
  );
}
