import { AuthCardPage } from '../components/layout/auth-card-page';
import { useSignedInRedirect } from '../features/accounts/use-signed-in-redirect';
import { LoginForm } from '../features/accounts/login-form';

export default function LoginPage() {
  useSignedInRedirect();
  return (
    <AuthCardPage
      meta={{
        title: 'Sign In — Foliowise',
        description:
          'Sign in to Foliowise to analyze your portfolio, practise with paper trading and track your rewards.',
        keywords: 'Foliowise sign in, portfolio analyzer login, investing app login',
      }}
      title="Sign in to Foliowise"
      description="Welcome back. Sign in to pick up where you left off."
      breadcrumb
    >
      <LoginForm />
    </AuthCardPage>
  );
}
