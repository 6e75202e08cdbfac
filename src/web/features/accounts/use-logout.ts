import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { setSessionUser } from './use-session';

/** POST /api/auth/logout -> 204; the session query becomes null and per-user data is dropped. */
export function logout() {
  return apiRequest<void>('POST', '/api/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
}
