import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';

/** The top of a paying page: its one h1, a lead, and what Stripe keeps away from our server. */
export function PaymentPageFrame({
  title,
  lead,
  isDemo = false,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** The demo checkout takes no payment, so it says nothing about how payments are processed. */
  isDemo?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{lead}</p>
        {isDemo ? null : (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Lock className="size-3.5" aria-hidden="true" />
            Payments are processed by Stripe. Card and bank details never reach Foliowise&apos;s servers.
          </p>
        )}
      </header>
      {children}
    </div>
  );
}
