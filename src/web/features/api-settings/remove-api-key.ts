import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor } from '../../../contracts/api-settings';
import { api } from '../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /api/settings/api-keys/:vendor; refreshes the list. */
export function useRemoveApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ vendor }: { vendor: Vendor }) => {
      await api.delete(`/api/settings/api-keys/${vendor}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
