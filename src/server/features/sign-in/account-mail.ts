import { composeMail, type Mailer, type MailMessage } from '../../providers/mail';

/** What account flows need to mail a link: the mailer and the public address links start with. */
export interface AccountMail {
  mailer: Mailer;
  publicUrl: string;
}

const linkTo = (mail: AccountMail, path: string, token?: string) =>
  `${mail.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

export const VERIFICATION_SUBJECT = 'Confirm your email for Foliowise';
export const EXISTING_ACCOUNT_SUBJECT = 'Someone tried to create a Foliowise account with your email';
export const RESET_SUBJECT = 'Reset your Foliowise password';

export function verificationMessage(mail: AccountMail, to: string, token: string): MailMessage {
  return composeMail(to, VERIFICATION_SUBJECT, [
    'Welcome to Foliowise. Confirm that this is your email address to finish setting up your account.',
    { label: 'Confirm my email', url: linkTo(mail, '/verify-email', token) },
    'The link works once and expires in 24 hours. If you did not create an account, ignore this message.',
  ]);
}

export function existingAccountMessage(mail: AccountMail, to: string): MailMessage {
  return composeMail(to, EXISTING_ACCOUNT_SUBJECT, [
    'Someone tried to create a Foliowise account with your email. If it was you, sign in or reset your password.',
    { label: 'Sign in', url: linkTo(mail, '/login') },
    { label: 'Reset your password', url: linkTo(mail, '/forgot-password') },
    'If it was not you, you can ignore this message: nothing was changed.',
  ]);
}

export function resetMessage(mail: AccountMail, to: string, token: string): MailMessage {
  return composeMail(to, RESET_SUBJECT, [
    'Someone asked to reset the password of your Foliowise account. If it was you, choose a new password:',
    { label: 'Choose a new password', url: linkTo(mail, '/reset-password', token) },
    'The link works once and expires in 1 hour. If you did not ask, ignore this message: your password stays as it is.',
  ]);
}
