import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The default query function: the key's segments joined with '/' form the URL (spec 000 §7), e.g.
 * `['/api/alerts', userId]` -> GET /api/alerts/{userId}. Prefer an explicit queryFn with a contract schema.
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const url = queryKey.map((segment) => encodeURI(String(segment))).join('/');
  return api.get(url, { signal });
};

/** Spec 000 §9: never stale, no refetch on focus, no polling, no retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
