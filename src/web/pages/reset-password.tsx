import { ResetPasswordForm } from '../features/accounts/reset-password-form';
import { AuthCardPage } from '../components/layout/auth-card-page';

export default function ResetPasswordPage() {
  return (
    <AuthCardPage
      meta={{
        title: 'Choose a New Password — Foliowise',
        description: 'Choose a new password for your Foliowise account.',
        noIndex: true,
      }}
      title="Choose a new password"
      description="Every device signed in to your account will be signed out."
    >
      <ResetPasswordForm />
    </AuthCardPage>
  );
}
