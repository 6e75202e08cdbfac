import { Link } from 'wouter';
import { LineChart, LogIn } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';

/** Spec 001: signed-out visitors see a login prompt. */
export function PaperTradingSignInPrompt() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 px-4 py-10 text-center sm:px-6">
        <LineChart className="size-10 text-primary" aria-hidden="true" />
        <p className="text-base font-medium">Please log in to access the paper trading platform</p>
        <Link href="/login" className={buttonClasses()}>
          <LogIn aria-hidden="true" />
          Log In to Trade
        </Link>
      </CardContent>
    </Card>
  );
}
