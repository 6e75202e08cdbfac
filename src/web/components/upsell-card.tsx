import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Crown } from 'lucide-react';
import { buttonClasses } from './ui/button';

/**
 * What a plan without a feature sees in its place: the feature's name, what it does, and the way to /pricing
 * ('Upgrade to Premium', 'Upgrade to Professional').
 */
export function UpsellCard({
  title,
  children,
  upgradeTo,
}: {
  title: string;
  children: ReactNode;
  upgradeTo: 'Premium' | 'Professional';
}) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-400 text-slate-950">
        <Crown className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-700">{children}</p>
      </div>
      <Link href="/pricing" className={buttonClasses({ className: 'w-full shrink-0 sm:w-auto' })}>
        Upgrade to {upgradeTo}
      </Link>
    </div>
  );
}
