import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAuthUserResponse, type SignupRequest } from '../../../contracts/accounts';
import { api } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';

/** POST /api/auth/signup -> 201 { user }; the new account is signed in. */
export function signup(request: SignupRequest) {
  return api.post('/api/auth/signup', request, { schema: ZAuthUserResponse });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
