import { useState, type FormEvent } from 'react';
import { Download, LogOut, Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import { DELETE_ACCOUNT_CONFIRM_WORD, type User } from '../../../contracts/accounts';
import { useResendVerificationEmail } from '../../lib/resend-verification-email';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api-client';
import { FormErrorAlert, LabelledInput } from './form-parts';
import { checkNewPassword, NewPasswordFields } from './new-password-fields';
import { useChangePassword, useDeleteAccount, useExportData, useSignOutOtherSessions } from './use-account';
import { EmailAddress } from '../../components/email-address';
import { MoveInSection } from './move-in-section';
import { Section } from './settings-section';

const otherDevices = (count: number) =>
  count === 0
    ? 'No other device was signed in.'
    : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`;

function ProfileSection({ user }: { user: User }) {
  const resend = useResendVerificationEmail(user.email);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Section id="account-profile" title="Profile" description="The email you sign in with.">
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        {name ? (
          <>
            <dt className="text-muted-foreground">Name</dt>
            <dd className="min-w-0 break-words">{name}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Email</dt>
        <dd className="min-w-0 font-medium">
          <EmailAddress email={user.email} />
        </dd>
        <dt className="text-muted-foreground">Verification</dt>
        <dd className="flex flex-wrap items-center gap-3">
          {user.emailVerified ? (
            <Badge variant="success">Verified</Badge>
          ) : (
            <>
              <Badge variant="warning">Not verified</Badge>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                onClick={resend.send}
              >
                {resend.isPending ? 'Sending...' : 'Resend verification email'}
              </Button>
            </>
          )}
        </dd>
      </dl>
    </Section>
  );
}

function ChangePasswordSection() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem =
      current === '' ? 'Please fill in all required fields' : checkNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      const { signedOutSessions } = await change.mutateAsync({
        currentPassword: current,
        newPassword: password,
      });
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast({ title: 'Password changed', description: otherDevices(signedOutSessions) });
    } catch (caught) {
      setError(serverMessage(caught, 'Could not change the password. Please try again.'));
    }
  };

  return (
    <Section
      id="account-password"
      title="Change password"
      description="Every other device is signed out; this one stays signed in."
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-describedby={error ? 'password-error' : undefined}
        className="flex max-w-md flex-col gap-4"
      >
        <FormErrorAlert id="password-error" message={error} />
        <LabelledInput
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          aria-invalid={error !== null || undefined}
        />
        <NewPasswordFields
          idPrefix="account"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          isInvalid={error !== null}
        />
        <Button type="submit" disabled={change.isPending} className="self-start">
          {change.isPending ? 'Saving...' : 'Change password'}
        </Button>
      </form>
    </Section>
  );
}

function SessionsSection() {
  const signOut = useSignOutOtherSessions();
  return (
    <Section
      id="account-sessions"
      title="Devices"
      description="Sign out everywhere else, for example after using a shared computer."
    >
      <div className="flex flex-col items-start gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: ({ signedOutSessions }) =>
                toast({ title: 'Other devices signed out', description: otherDevices(signedOutSessions) }),
              onError: (error) =>
                toast({
                  title: 'Could not sign out other devices',
                  description: serverMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          <LogOut aria-hidden="true" />
          {signOut.isPending ? 'Signing out...' : 'Sign out of other devices'}
        </Button>
        {signOut.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            {otherDevices(signOut.data.signedOutSessions)}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

function ExportSection() {
  const exportData = useExportData();
  return (
    <Section
      id="account-export"
      title="Download my data"
      description="Your profile, saved portfolio, accounts, clients and their histories, paper portfolios, trades, rewards, analyses and API-key settings (keys masked), as one JSON file."
    >
      <Button
        type="button"
        variant="outline"
        disabled={exportData.isPending}
        onClick={() =>
          exportData.mutate(undefined, {
            onSuccess: () => toast({ title: 'Your data is downloading' }),
            onError: (error) =>
              toast({
                title: 'Could not prepare your data',
                description: serverMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        <Download aria-hidden="true" />
        {exportData.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </Section>
  );
}

function DeleteSection() {
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [confirmWord, setConfirmWord] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password === '') {
      setError('Password is required');
      return;
    }
    if (confirmWord.trim() !== DELETE_ACCOUNT_CONFIRM_WORD) {
      setError(`Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`);
      return;
    }
    try {
      await remove.mutateAsync({ password, confirm: confirmWord });
      toast({ title: 'Account deleted', description: 'Your account and all its data are gone.' });
      navigate('/');
    } catch (caught) {
      setError(serverMessage(caught, 'Could not delete the account. Please try again.'));
    }
  };

  return (
    <Section
      id="account-delete"
      title="Delete my account"
      description="Deletes your account and everything in it: portfolios, trades, rewards and settings. This cannot be undone."
    >
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-describedby={error ? 'delete-error' : undefined}
        className="flex max-w-md flex-col gap-4"
      >
        <FormErrorAlert id="delete-error" message={error} />
        <LabelledInput
          id="delete-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error !== null || undefined}
        />
        <LabelledInput
          id="delete-confirm"
          label={`Type ${DELETE_ACCOUNT_CONFIRM_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={confirmWord}
          onChange={(event) => setConfirmWord(event.target.value)}
          aria-invalid={error !== null || undefined}
        />
        <Button type="submit" variant="destructive" disabled={remove.isPending} className="self-start">
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </form>
    </Section>
  );
}

/** /account: profile and verification, password, devices, data export, moving in, and deletion. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection user={user} />
      <ChangePasswordSection />
      <SessionsSection />
      <ExportSection />
      <MoveInSection />
      <DeleteSection />
    </div>
  );
}
