import { Link } from 'wouter';
import { Crown } from 'lucide-react';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { CLIENT_PLANS } from '../../../contracts/clients';
import { buttonClasses } from '../../components/ui/button';

/** What a signed-in Free or Premium user sees instead of the clients: the server's own 403 words, and /pricing. */
export function ProfessionalUpsellCard() {
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-950">
        <Crown className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">Client portfolios are a Professional feature</p>
        <p className="text-sm text-slate-700">
          Keep a portfolio for each client, switch the analyzer between them, and see every client&apos;s
          value, day change, risk level and last review in one list.{' '}
          {subscriptionRequiredMessage(CLIENT_PLANS)}
        </p>
      </div>
      <Link href="/pricing" className={buttonClasses({ className: 'w-full shrink-0 sm:w-auto' })}>
        Upgrade to Professional
      </Link>
    </div>
  );
}
