import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { errorCode, serverMessage } from '../../lib/api-client';
import { FormErrorAlert } from './form-parts';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';
import { useResetPassword } from './use-email-links';

/** /reset-password?token=...: a new password (signup rules); every session ends and this browser signs in. */
export function ResetPasswordForm() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLinkBad, setIsLinkBad] = useState(token === '');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = checkNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await reset.mutateAsync({ token, password });
      toast({ title: 'Password changed', description: 'You are signed in; other devices were signed out.' });
      navigate('/app');
    } catch (caught) {
      // The link, not the password, was refused: only a new link helps.
      if (errorCode(caught) === 'BAD_REQUEST') setIsLinkBad(true);
      setError(serverMessage(caught, 'Could not reset the password. Please try again.'));
    }
  };

  if (isLinkBad) {
    return (
      <div className="flex flex-col gap-4">
        <FormErrorAlert
          id="reset-error"
          message={error ?? 'This page needs the link from your password reset email. Request a new one.'}
        />
        <Button asChild className="w-full">
          <Link href="/forgot-password">Request a new link</Link>
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-describedby={error ? 'reset-error' : undefined}
      className="flex flex-col gap-4"
    >
      <FormErrorAlert id="reset-error" message={error} />
      <NewPasswordFields
        idPrefix="reset"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        isInvalid={error !== null}
      />
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
