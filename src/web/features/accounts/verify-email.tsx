import { useEffect, useRef } from 'react';
import { AlertCircle } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { RequestLinkForm } from './request-link-form';
import { useResendVerification, useVerifyEmail } from './use-email-links';

const NO_TOKEN_MESSAGE = 'This page needs the link from your verification email. Request a new one below.';

/** /verify-email?token=...: verifies once, signs in and goes to /app; a bad link offers a new one. */
export function VerifyEmail() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a token works once, and React may run effects twice in development.
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: () => {
        toast({ title: 'Email verified', description: 'Welcome to Foliowise.' });
        navigate('/app');
      },
    });
  }, [token, verify, navigate]);

  if (token && !verify.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-6" role="status">
        <Spinner className="size-6" label="Verifying your email" />
        <p className="text-sm text-muted-foreground">Verifying your email...</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <Alert variant="destructive" role="alert">
        <AlertCircle aria-hidden="true" />
        <AlertDescription>
          {token
            ? serverMessage(verify.error, 'This link could not be used. Request a new one below.')
            : NO_TOKEN_MESSAGE}
        </AlertDescription>
      </Alert>
      <RequestLinkForm
        id="verify-resend"
        submitLabel="Send a new link"
        pendingLabel="Sending..."
        sentMessage="If that email has an account waiting for verification, we sent a new link."
        onRequest={(email) => resend.mutateAsync(email)}
      />
      <p className="text-center text-sm text-muted-foreground">
        Already verified?{' '}
        <Link href="/login" className="rounded-sm font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
