import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAlertsResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey, portfolioKey, portfolioQuery, type AlertsPortfolio } from './query-keys';

/** Spec 000 §9: the alerts list refetches every 30 000 ms. */
const ALERTS_REFETCH_MS = 30_000;

export const alertsQueryKey = (portfolio: AlertsPortfolio) =>
  [...alertsRootKey, 'triggered', ...portfolioKey(portfolio)] as const;

/** GET /api/alerts/{userId}[?clientId=]: the alerts not acknowledged yet, newest first. */
export function useAlerts(portfolio: AlertsPortfolio) {
  return useQuery(
    queryOptions({
      queryKey: alertsQueryKey(portfolio),
      queryFn: ({ signal }) =>
        api.get(`/api/alerts/${encodeURIComponent(portfolio.userId)}${portfolioQuery(portfolio)}`, {
          schema: ZAlertsResponse,
          signal,
        }),
      refetchInterval: ALERTS_REFETCH_MS,
    }),
  );
}
