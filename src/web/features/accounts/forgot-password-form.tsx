import { Link } from 'wouter';
import { ServerLogHint } from './check-email';
import { RequestLinkForm } from './request-link-form';
import { useForgotPassword } from './use-email-links';

export const RESET_SENT_MESSAGE = 'If an account exists for that email, we sent a link';

/** /forgot-password: one email field; the answer never says whether the email has an account. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <div className="flex flex-col gap-4">
      <RequestLinkForm
        id="forgot"
        submitLabel="Send reset link"
        pendingLabel="Sending..."
        sentMessage={`${RESET_SENT_MESSAGE}. It works once and expires in 1 hour.`}
        onRequest={(email) => forgot.mutateAsync(email)}
      />
      {forgot.isSuccess ? <ServerLogHint /> : null}
      <p className="text-center text-sm text-muted-foreground">
        Remembered it?{' '}
        <Link href="/login" className="rounded-sm font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
