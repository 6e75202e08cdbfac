import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { goToPath, returnPathFromSearch } from '../../lib/return-path';
import { useSession } from '../../lib/session';

/** Sign in and sign up are for visitors: a signed-in user goes on to `?next=` (a path of this site) or /app. */
export function useSignedInRedirect(): void {
  const session = useSession();
  const [, navigate] = useLocation();
  const signedIn = session.user !== null;
  useEffect(() => {
    if (signedIn) goToPath(returnPathFromSearch(window.location.search, '/app'), navigate);
  }, [signedIn, navigate]);
}
