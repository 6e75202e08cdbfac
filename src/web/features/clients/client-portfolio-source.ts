import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ZClientResponse, type UpdateClientInput } from '../../../contracts/clients';
import { api } from '../../lib/api-client';
import { clientQueryOptions } from './get-client';
import { clientsQueryKey } from './get-clients';

/**
 * The analyzer's holdings when a client is selected (decision 032): read with GET /api/clients/{id}, saved with
 * PATCH /api/clients/{id} `{ holdings }`; the overview is refreshed after each save. Null for 'My portfolio'.
 */
export function useClientPortfolioSource(userId: string | undefined, clientId: string | null) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    if (userId === undefined || clientId === null) return null;
    return {
      key: `client:${clientId}`,
      load: async () => (await queryClient.fetchQuery(clientQueryOptions(userId, clientId))).holdings,
      save: async (holdings: Record<string, number>) => {
        const saved = await api.patch(
          `/api/clients/${encodeURIComponent(clientId)}`,
          { holdings } satisfies UpdateClientInput,
          { schema: ZClientResponse },
        );
        queryClient.setQueryData(clientQueryOptions(userId, clientId).queryKey, saved);
        await queryClient.invalidateQueries({ queryKey: clientsQueryKey(userId), exact: true });
      },
    };
  }, [queryClient, userId, clientId]);
}
