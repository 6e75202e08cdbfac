import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAlertConditionsResponse } from '../../../contracts/alerts';
import { api } from '../../lib/api-client';
import { alertsRootKey, portfolioKey, portfolioQuery, type AlertsPortfolio } from './query-keys';

export const alertConditionsQueryKey = (portfolio: AlertsPortfolio) =>
  [...alertsRootKey, 'conditions', ...portfolioKey(portfolio)] as const;

/** GET /api/alerts/conditions/{userId}[?clientId=] */
export function useAlertConditions(portfolio: AlertsPortfolio) {
  return useQuery(
    queryOptions({
      queryKey: alertConditionsQueryKey(portfolio),
      queryFn: ({ signal }) =>
        api.get(
          `/api/alerts/conditions/${encodeURIComponent(portfolio.userId)}${portfolioQuery(portfolio)}`,
          {
            schema: ZAlertConditionsResponse,
            signal,
          },
        ),
    }),
  );
}
