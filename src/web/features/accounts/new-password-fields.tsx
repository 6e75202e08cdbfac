import { PASSWORD_MIN_LENGTH } from '../../../contracts/accounts';
import { LabelledInput } from './form-parts';

export const NEW_PASSWORD_MESSAGES = {
  required: 'Please fill in all required fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 8 characters long',
} as const;

/** The signup rules for a new password typed twice; the first problem, or null. */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (password === '' || confirm === '') return NEW_PASSWORD_MESSAGES.required;
  if (password !== confirm) return NEW_PASSWORD_MESSAGES.mismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return NEW_PASSWORD_MESSAGES.tooShort;
  return null;
}

/** 'New password' and 'Confirm new password', as the signup form asks for one. */
export function NewPasswordFields({
  idPrefix,
  password,
  confirm,
  onPassword,
  onConfirm,
  isInvalid,
}: {
  idPrefix: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  isInvalid: boolean;
}) {
  return (
    <>
      <LabelledInput
        id={`${idPrefix}-new-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        aria-invalid={isInvalid || undefined}
      />
      <LabelledInput
        id={`${idPrefix}-confirm-password`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        aria-invalid={isInvalid || undefined}
      />
    </>
  );
}
