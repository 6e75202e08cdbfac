import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse, type LoginRequest } from '../../../contracts/accounts';
import { apiRequest } from '../../lib/api-client';
import { setSessionUser } from './use-session';

/** POST /api/auth/login -> { user }; the session query then holds the user. */
export function login(request: LoginRequest) {
  return apiRequest('POST', '/api/auth/login', request, ZAuthUserResponse);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
