import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse } from '../../../contracts/accounts';
import { apiRequest } from '../../lib/api-client';
import { setSessionUser } from './use-session';

/** POST /api/auth/demo -> 201 { user }: a fresh demo account (only offered when config.demoFeatures). */
export function startDemo() {
  return apiRequest('POST', '/api/auth/demo', undefined, ZAuthUserResponse);
}

export function useDemoLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDemo,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
