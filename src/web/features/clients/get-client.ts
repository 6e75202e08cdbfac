import { queryOptions } from '@tanstack/react-query';
import { ZClientResponse } from '../../../contracts/clients';
import { api } from '../../lib/api-client';

export const clientQueryKey = (userId: string, id: string) => ['clients', userId, id] as const;

/** GET /api/clients/{id}: one client with its holdings (what the analyzer opens). */
export const clientQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: clientQueryKey(userId, id),
    queryFn: ({ signal }) =>
      api.get(`/api/clients/${encodeURIComponent(id)}`, { schema: ZClientResponse, signal }),
  });
