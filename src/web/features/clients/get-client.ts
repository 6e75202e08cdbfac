import { queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The open client's name and whether it is archived (from the cache the analyzer filled); null while unknown or
 * with no client open.
 */
export function useOpenClient(
  userId: string | undefined,
  clientId: string | null,
): { name: string; isArchived: boolean } | null {
  const client = useQuery({
    ...clientQueryOptions(userId ?? '', clientId ?? ''),
    enabled: userId !== undefined && clientId !== null,
  });
  if (!client.data) return null;
  return { name: client.data.client.name, isArchived: client.data.client.archivedAt !== null };
}
