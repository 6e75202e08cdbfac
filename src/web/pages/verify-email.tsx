import { VerifyEmail } from '../features/accounts/verify-email';
import { AuthCardPage } from '../components/layout/auth-card-page';

export default function VerifyEmailPage() {
  return (
    <AuthCardPage
      meta={{
        title: 'Verify Your Email — Foliowise',
        description: 'Confirm your email address to finish setting up your Foliowise account.',
        noIndex: true,
      }}
      title="Verify your email"
      description="Confirming the address you signed up with."
    >
      <VerifyEmail />
    </AuthCardPage>
  );
}
