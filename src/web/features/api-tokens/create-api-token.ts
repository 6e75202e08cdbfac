import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreatedApiTokenResponse, type CreateApiTokenRequest } from '../../../contracts/api-tokens';
import { api } from '../../lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

/** POST /api/api-tokens: the answer carries the token, once; refreshes the list. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiTokenRequest) =>
      api.post('/api/api-tokens', request, { schema: ZCreatedApiTokenResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
