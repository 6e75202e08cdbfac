import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paperTradingRootKey, pointsRootKeys } from './query-keys';

/** History's Refresh button: refetches everything paper trading shows, and the points. */
export function useRefreshPaperTrading() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paperTradingRootKey }),
        ...pointsRootKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
    [queryClient],
  );
}
