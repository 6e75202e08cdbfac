import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { rewardsQueryRoot } from '../../lib/query-keys';
import { paperTradingRootKey } from './query-keys';

/** History's Refresh button: refetches everything paper trading shows, and the points. */
export function useRefreshPaperTrading() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paperTradingRootKey }),
        queryClient.invalidateQueries({ queryKey: rewardsQueryRoot }),
      ]),
    [queryClient],
  );
}
