import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLatestSnapshotResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey, portfolioKey, portfolioQuery, type AlertsPortfolio } from './query-keys';

/** GET /api/snapshots/latest/{userId}[?clientId=]: the latest snapshot and the history for the chart. */
export function useLatestSnapshot(portfolio: AlertsPortfolio) {
  return useQuery(
    queryOptions({
      queryKey: [...alertsRootKey, 'snapshot', ...portfolioKey(portfolio)],
      queryFn: ({ signal }) =>
        api.get(`/api/snapshots/latest/${encodeURIComponent(portfolio.userId)}${portfolioQuery(portfolio)}`, {
          schema: ZLatestSnapshotResponse,
          signal,
        }),
    }),
  );
}
