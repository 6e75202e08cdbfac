import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { performanceQueryRoot, rewardsQueryRoot } from '../../lib/query-keys';
import { paperTradingRootKey } from './query-keys';

/** History's Refresh button: refetches everything paper trading shows (paper portfolios' returns too), and the points. */
export function useRefreshPaperTrading() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paperTradingRootKey }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
        queryClient.invalidateQueries({
          queryKey: performanceQueryRoot,
          predicate: ({ queryKey }) => String(queryKey[1]).startsWith('paper:'),
        }),
      ]),
    [queryClient],
  );
}
