import { AuthCardPage } from '../components/layout/auth-card-page';
import { useSignedInRedirect } from '../features/accounts/use-signed-in-redirect';
import { SignupForm } from '../features/accounts/signup-form';

export default function SignupPage() {
  useSignedInRedirect();
  return (
    <AuthCardPage
      meta={{
        title: 'Create Your Account — Foliowise',
        description:
          'Create a free Foliowise account: save your portfolio, practise with paper trading and earn rewards.',
        keywords: 'Foliowise sign up, free portfolio analyzer, create investing account',
      }}
      title="Create your account"
      description="Free to start. Upgrade only if you need the premium tools."
      breadcrumb
      wide
    >
      <SignupForm />
    </AuthCardPage>
  );
}
