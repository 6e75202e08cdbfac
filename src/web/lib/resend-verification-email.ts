import { useMutation } from '@tanstack/react-query';
import { toast } from '../components/ui/use-toast';
import { api, serverMessage } from './api-client';

/**
 * POST /api/auth/resend-verification for the signed-in user's email, with the app's toasts; the banner and the
 * account pages share it (the shell calls the API itself, as it does to sign out).
 */
export function useResendVerificationEmail(email: string) {
  const resend = useMutation({
    mutationFn: () => api.post('/api/auth/resend-verification', { email }),
  });
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: 'Verification email sent', description: `Check ${email}.` }),
      onError: (error) =>
        toast({
          title: 'Could not send the email',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return { send, isPending: resend.isPending };
}
