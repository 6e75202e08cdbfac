import { useMutation } from '@tanstack/react-query';
import { ZEmailSentResponse, type SignupRequest } from '../../../contracts/accounts';
import { api } from '../../lib/api-client';

/**
 * POST /api/auth/signup -> 202 { status: 'verification_sent', email }, the same answer whether or not the email
 * has an account; no session until the mailed link is followed.
 */
export function signup(request: SignupRequest) {
  return api.post('/api/auth/signup', request, { schema: ZEmailSentResponse });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
