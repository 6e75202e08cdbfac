import { ForgotPasswordForm } from '../features/accounts/forgot-password-form';
import { AuthCardPage } from '../components/layout/auth-card-page';

export default function ForgotPasswordPage() {
  return (
    <AuthCardPage
      meta={{
        title: 'Forgot Password — Foliowise',
        description: 'Get a link to choose a new password for your Foliowise account.',
        noIndex: true,
      }}
      title="Forgot your password?"
      description="Enter your email and we will send you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthCardPage>
  );
}
