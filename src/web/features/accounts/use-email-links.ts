import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZAuthUserResponse,
  ZEmailSentResponse,
  type ResetPasswordRequest,
} from '../../../contracts/accounts';
import { api } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';

/** POST /api/auth/resend-verification -> 202: a new link when the email has an unverified account. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/auth/resend-verification', { email }, { schema: ZEmailSentResponse }),
  });
}

/** POST /api/auth/verify-email -> 200 { user }: the email is verified and its owner signed in. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/auth/verify-email', { token }, { schema: ZAuthUserResponse }),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}

/** POST /api/auth/forgot-password -> 202, the same answer whether or not the email has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('/api/auth/forgot-password', { email }, { schema: ZEmailSentResponse }),
  });
}

/** POST /api/auth/reset-password -> 200 { user }: new password, every other session ended, signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) =>
      api.post('/api/auth/reset-password', request, { schema: ZAuthUserResponse }),
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
