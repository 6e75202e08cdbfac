import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse, type LoginRequest } from '../../../contracts/accounts';
import { api } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';

/** POST /api/auth/login -> { user }; the session query then holds the user. */
export function login(request: LoginRequest) {
  return api.post('/api/auth/login', request, { schema: ZAuthUserResponse });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
