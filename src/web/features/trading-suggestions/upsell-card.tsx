import { Link } from 'wouter';
import { Crown } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';

/** What a visitor or a free plan sees in place of the suggestions (spec 000 §6): 'Upgrade to Premium' -> /pricing. */
export function SuggestionsUpsellCard({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-primary/30 bg-primary-soft/40 p-4 sm:flex-row sm:items-center sm:p-5">
      <Crown className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex-1">
        <p className="font-semibold">AI Trading Suggestions are a Premium feature</p>
        <p className="text-sm text-muted-foreground">
          Buy, sell, rebalance and options ideas computed from your own holdings, with a priority, risk level,
          confidence and the reasoning behind each.
          {signedIn ? '' : ' Sign in with a Premium account to use them.'}
        </p>
      </div>
      <Link href="/pricing" className={buttonClasses({ className: 'w-full sm:w-auto' })}>
        Upgrade to Premium
      </Link>
    </div>
  );
}
