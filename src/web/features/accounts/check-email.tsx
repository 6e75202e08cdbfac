import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { useResendVerificationEmail } from '../../lib/resend-verification-email';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useConfig } from '../../lib/config';
import { EmailAddress } from '../../components/email-address';

/** Without SMTP outside production the server writes mail to its log instead of sending it. */
export function ServerLogHint() {
  const { data: config } = useConfig();
  if (!config?.mailInServerLog) return null;
  return (
    <Alert variant="info">
      <AlertDescription>
        This server has no mail server configured (SMTP_URL), so the message and its link are written to the
        server log instead.
      </AlertDescription>
    </Alert>
  );
}

/** After signup: where the link went, a resend button, and the way to sign in meanwhile. */
export function CheckEmail({ email }: { email: string }) {
  const resend = useResendVerificationEmail(email);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The form this replaces had the focus: move it to the news, so that a screen reader reads it next.
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <section aria-labelledby="check-email-title" className="flex flex-col items-center gap-4 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h2
        id="check-email-title"
        ref={titleRef}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight focus:outline-none"
      >
        Check your email
      </h2>
      <p className="text-sm text-muted-foreground" role="status">
        We sent a link to{' '}
        <strong className="font-medium text-foreground">
          <EmailAddress email={email} />
        </strong>
        . Open it to confirm your email and finish signing up. If that address already has an account, the
        message tells you how to sign in instead.
      </p>
      <ServerLogHint />
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button type="button" variant="outline" onClick={resend.send} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend email'}
        </Button>
        <Button asChild>
          <Link href="/login">Go to sign in</Link>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">The link works once and expires in 24 hours.</p>
    </section>
  );
}
