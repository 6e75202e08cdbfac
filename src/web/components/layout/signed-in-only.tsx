import type { ReactNode } from 'react';
import type { User } from '../../../contracts/accounts';
import { useSession } from '../../lib/session';
import { Spinner } from '../ui/spinner';

/**
 * A page part for signed-in users: a spinner while the session is read, `children(user)` once signed in, and
 * `signedOut` (the page's own sign-in prompt) for a visitor. (The page's main is a screen high, PageLayout: the
 * footer does not move when the session arrives.)
 */
export function SignedInOnly({
  signedOut,
  children,
}: {
  signedOut: ReactNode;
  children: (user: User) => ReactNode;
}) {
  const session = useSession();
  if (session.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="Checking your session" />
      </div>
    );
  }
  return session.user ? children(session.user) : signedOut;
}
