import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  TERMINAL_REFRESH_MS,
  ZTerminalOverviewResponse,
  type TerminalOverviewResponse,
} from '../../../contracts/terminal';
import { api, errorCode } from '../../lib/api-client';

export const terminalOverviewQueryKey = ['terminal', 'overview'] as const;

/**
 * GET /api/terminal/overview. A visitor's 401 resolves to null; a free plan's 403 SUBSCRIPTION_REQUIRED throws
 * (the page shows the upgrade card for both). The server decides who sees the terminal.
 */
export const terminalOverviewQueryOptions = queryOptions({
  queryKey: terminalOverviewQueryKey,
  queryFn: ({ signal }): Promise<TerminalOverviewResponse | null> =>
    api.get('/api/terminal/overview', { schema: ZTerminalOverviewResponse, on401: 'returnNull', signal }),
});

export function isSubscriptionRequired(error: unknown): boolean {
  return errorCode(error) === 'SUBSCRIPTION_REQUIRED';
}

/**
 * The overview, refreshed every 30 s while it is available (live quotes); asked for only when `enabled` (the
 * session's plan includes the terminal), no polling for a visitor or a free plan.
 */
export function useTerminalOverview(enabled: boolean) {
  return useQuery({
    ...terminalOverviewQueryOptions,
    enabled,
    refetchInterval: (query) =>
      query.state.data && !isSubscriptionRequired(query.state.error) ? TERMINAL_REFRESH_MS : false,
  });
}
