import { useMutation } from '@tanstack/react-query';
import { ZTestApiKeyResponse, type Vendor } from '../../../contracts/api-settings';
import { api } from '../../lib/api-client';

/**
 * POST /api/settings/api-keys/:vendor/test: one real request to the vendor with the typed key, or the saved
 * one when none is typed. It changes nothing stored, so nothing is invalidated.
 */
export function useTestApiKey() {
  return useMutation({
    mutationFn: ({ vendor, apiKey }: { vendor: Vendor; apiKey?: string }) =>
      api.post(`/api/settings/api-keys/${vendor}/test`, apiKey ? { apiKey } : {}, {
        schema: ZTestApiKeyResponse,
      }),
  });
}
