import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse, type SignupRequest } from '../../../contracts/accounts';
import { apiRequest } from '../../lib/api-client';
import { setSessionUser } from './use-session';

/** POST /api/auth/signup -> 201 { user }; the new account is signed in. */
export function signup(request: SignupRequest) {
  return apiRequest('POST', '/api/auth/signup', request, ZAuthUserResponse);
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
