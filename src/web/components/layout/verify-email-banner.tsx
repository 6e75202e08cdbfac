import { MailWarning } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../contracts/accounts';
import { api, serverMessage } from '../../lib/api-client';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { EmailAddress } from '../email-address';

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

/** On signed-in pages, for an account whose email is not verified yet: a reminder with 'Resend verification email'. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const resend = useResendVerificationEmail(user.email);
  return (
    <div role="region" aria-label="Email verification" className="border-b border-warning/30 bg-warning-soft">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <MailWarning className="size-4 shrink-0 text-warning-foreground" aria-hidden="true" />
        <p className="min-w-0 flex-1 basis-60 text-warning-foreground">
          Please verify your email: we sent a link to{' '}
          <EmailAddress email={user.email} className="font-medium" />.
        </p>
        <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={resend.send}>
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </Button>
      </div>
    </div>
  );
}
