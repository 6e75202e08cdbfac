import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZApiKeyEntry, type Vendor } from '../../../contracts/api-settings';
import { api } from '../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** PUT /api/settings/api-keys/:vendor; refreshes the list (and waits for it) before it settles. */
export function useSaveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vendor, apiKey }: { vendor: Vendor; apiKey: string }) =>
      api.put(`/api/settings/api-keys/${vendor}`, { apiKey }, { schema: ZApiKeyEntry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
