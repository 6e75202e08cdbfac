import { MailWarning } from 'lucide-react';
import type { User } from '../../../contracts/accounts';
import { Button } from '../ui/button';
import { EmailAddress } from '../email-address';

/**
 * On signed-in pages, for an account whose email is not verified yet: a reminder with 'Resend verification email'.
 * Its own chunk, loaded once the session says so: visitors, most of the landing page's, never need it.
 */
export default function VerifyEmailBanner({
  user,
  resend,
}: {
  user: User;
  /** useResendVerificationEmail, called by the page layout: from this nested chunk, its imports would leave the entry chunk. */
  resend: { send: () => void; isPending: boolean };
}) {
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
