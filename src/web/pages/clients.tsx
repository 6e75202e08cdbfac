import { Users } from 'lucide-react';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { TooltipProvider } from '../components/ui/tooltip';
import { ClientsOverview } from '../features/clients/clients-overview';
import { ProfessionalUpsellCard } from '../features/clients/professional-upsell-card';
import { userHasFeature } from '../lib/entitlement';

const META = {
  title: 'Clients — Foliowise',
  description:
    'For Professional members: a portfolio for each client, with value, day change, risk level and last review in one searchable list.',
  keywords: 'client portfolios, financial adviser, multi-client, portfolio overview, risk level',
  path: '/clients',
};

/**
 * /clients: a Professional user's clients overview (issue #16 item 1). The plan is read from the session, so a
 * visitor, Free or Premium user sees the sign-in card or the upsell and sends no request that would answer 401/403.
 */
export default function ClientsPage() {
  return (
    <PageLayout variant="app" meta={META}>
      <TooltipProvider>
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <header className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Clients</h1>
            <p className="max-w-3xl text-muted-foreground">
              A portfolio for each client: their value today, the day&apos;s change, the risk level and when
              you last reviewed them.
            </p>
          </header>
          <SignedInOnly
            signedOut={
              <SignInRequired
                icon={<Users />}
                message="Please sign in to see your clients."
                returnPath="/clients"
              />
            }
          >
            {(user) =>
              userHasFeature(user, 'multi-client') ? (
                <ClientsOverview userId={user.id} />
              ) : (
                <ProfessionalUpsellCard />
              )
            }
          </SignedInOnly>
        </div>
      </TooltipProvider>
    </PageLayout>
  );
}
