import { LineChart } from 'lucide-react';
import { SignInRequired } from '../../components/layout/sign-in-required';

/** Spec 001: signed-out visitors see a login prompt. */
export function PaperTradingSignInPrompt() {
  return (
    <SignInRequired
      icon={<LineChart />}
      message="Please log in to access the paper trading platform"
      signInLabel="Log In to Trade"
      returnPath="/paper-trading"
    />
  );
}
