import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZApiKeyListResponse } from '../../../contracts/api-settings';
import { api } from '../../lib/api-client';

export const apiKeysQueryKey = ['api-settings', 'api-keys'] as const;

/** GET /api/settings/api-keys: the signed-in user's vendors, masked keys only. */
export const apiKeysQueryOptions = queryOptions({
  queryKey: apiKeysQueryKey,
  queryFn: ({ signal }) => api.get('/api/settings/api-keys', { schema: ZApiKeyListResponse, signal }),
});

export function useApiKeys(options: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeysQueryOptions, enabled: options.enabled ?? true });
}
