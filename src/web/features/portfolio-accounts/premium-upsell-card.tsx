import { Link } from 'wouter';
import { Crown } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';

/** Spec 000 §6: what a visitor or the free plan sees instead of the accounts: 'Upgrade to Premium' -> /pricing. */
export function PremiumUpsellCard() {
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-950">
        <Crown className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">Multi-Account Aggregation is a Premium feature</p>
        <p className="text-sm text-slate-700">
          See your brokerage, 401(k), IRA, Roth IRA and savings accounts together, with their total value and
          the holdings you own across all of them.
        </p>
      </div>
      <Link href="/pricing" className={buttonClasses({ className: 'w-full shrink-0 sm:w-auto' })}>
        Upgrade to Premium
      </Link>
    </div>
  );
}
