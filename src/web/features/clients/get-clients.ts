import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZClientListResponse } from '../../../contracts/clients';
import { api } from '../../lib/api-client';

export const clientsQueryKey = (userId: string) => ['clients', userId] as const;

/** GET /api/clients: every client (archived too), valued at one batch of quotes (Professional only). */
export const clientsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: clientsQueryKey(userId),
    queryFn: ({ signal }) => api.get('/api/clients', { schema: ZClientListResponse, signal }),
  });

/** Asked only when the session's plan includes clients, so lower plans send no request that answers 403. */
export function useClients(userId: string | undefined, enabled: boolean) {
  return useQuery({ ...clientsQueryOptions(userId ?? ''), enabled: enabled && userId !== undefined });
}
