import { useState, type FormEvent } from 'react';
import { ZForgotPasswordRequest } from '../../../contracts/accounts';
import { Button } from '../../components/ui/button';
import { serverMessage } from '../../lib/api-client';
import { FormErrorAlert, LabelledInput } from './form-parts';

/**
 * One email field and a button, for 'Forgot password?' and 'send me a new verification link': `onRequest` calls
 * the endpoint, whose answer is the same whether or not the email has an account; `sentMessage` then says so.
 */
export function RequestLinkForm({
  id,
  submitLabel,
  pendingLabel,
  sentMessage,
  onRequest,
  defaultEmail = '',
}: {
  id: string;
  submitLabel: string;
  pendingLabel: string;
  sentMessage: string;
  onRequest: (email: string) => Promise<unknown>;
  defaultEmail?: string;
}) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = ZForgotPasswordRequest.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setIsPending(true);
    try {
      await onRequest(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (caught) {
      setError(serverMessage(caught, 'Something went wrong. Please try again.'));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
      className="flex flex-col gap-4"
    >
      <FormErrorAlert id={`${id}-error`} message={error} />
      {sentTo ? (
        <p role="status" className="rounded-lg border border-border bg-muted px-4 py-3 text-sm">
          {sentMessage}
        </p>
      ) : null}
      <LabelledInput
        id={`${id}-email`}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <Button type="submit" disabled={isPending} className="w-full">
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
