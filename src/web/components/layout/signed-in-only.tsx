import type { ReactNode } from 'react';
import type { User } from '../../../contracts/accounts';
import { useSession } from '../../lib/session';
import { Spinner } from '../ui/spinner';

/**
 * A page part for signed-in users: a spinner while the session is read, `children(user)` once signed in, and
 * `signedOut` (the page's own sign-in prompt) for a visitor. As a page's main content (`screenHigh`, the
 * default) it is a screen high in every state: the page's footer starts below the first screen, so that what
 * arrives later (the session, then the page's data) never moves it on screen (Lighthouse's layout shift, issue
 * 25 item 21).
 */
export function SignedInOnly({
  signedOut,
  children,
  screenHigh = true,
}: {
  signedOut: ReactNode;
  children: (user: User) => ReactNode;
  screenHigh?: boolean;
}) {
  const session = useSession();
  return (
    <div className={screenHigh ? 'min-h-screen' : undefined}>
      {session.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-6" label="Checking your session" />
        </div>
      ) : session.user ? (
        children(session.user)
      ) : (
        signedOut
      )}
    </div>
  );
}
