import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogIn, UserPlus } from 'lucide-react';
import { buttonClasses } from '../ui/button';
import { Card, CardContent } from '../ui/card';

/**
 * The one signed-out state of the signed-in pages: what the page needs an account for, then 'Sign in' (which
 * comes back to this page) and 'Create an account'.
 */
export function SignInRequired({
  icon,
  message,
  returnPath,
  signInLabel = 'Sign in',
}: {
  icon: ReactNode;
  message: string;
  /** The page to come back to after signing in (login's `?next=`). */
  returnPath: string;
  /** Paper trading keeps spec 001's 'Log In to Trade'. */
  signInLabel?: string;
}) {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <span className="text-primary [&_svg]:size-10" aria-hidden="true">
          {icon}
        </span>
        <p className="text-base font-medium">{message}</p>
        <div className="flex flex-col items-center gap-3 sm:flex-row">
          <Link href={`/login?next=${encodeURIComponent(returnPath)}`} className={buttonClasses()}>
            <LogIn aria-hidden="true" />
            {signInLabel}
          </Link>
          <Link href="/signup" className={buttonClasses({ variant: 'outline' })}>
            <UserPlus aria-hidden="true" />
            Create an account
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
