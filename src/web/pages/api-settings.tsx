import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { PageLayout } from '../components/layout/page-layout';
import { SignInRequired } from '../components/layout/sign-in-required';
import { SignedInOnly } from '../components/layout/signed-in-only';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { ApiSetupPanel } from '../features/api-settings/api-setup-panel';
import { ApiTokensPanel } from '../features/api-tokens/api-tokens-panel';
import { DataSourcesPanel } from '../features/api-settings/data-sources-panel';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'API Settings', href: '/api-settings' },
];

const META = {
  title: 'API Settings — Foliowise',
  description:
    'Add your own Alpha Vantage, Polygon or Financial Modeling Prep API key, and see where Foliowise gets its market data.',
  keywords: 'market data API key, Alpha Vantage, Polygon, Financial Modeling Prep, data sources',
};

/**
 * /api-settings: a signed-in user's own market-data keys, the data sources status (spec 001 "API Settings"),
 * and a Professional user's personal API tokens (decision 030).
 */
export default function ApiSettingsPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API Settings</h1>
          <p className="max-w-2xl text-muted-foreground">
            Bring your own market data keys for more real-time quotes, and see which data sources are in use.
          </p>
        </header>
        <Tabs defaultValue="setup">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="setup" className="flex-1 sm:flex-none">
              API Setup
            </TabsTrigger>
            <TabsTrigger value="sources" className="flex-1 sm:flex-none">
              Data Sources
            </TabsTrigger>
          </TabsList>
          <TabsContent value="setup">
            <SignedInOnly
              signedOut={
                <SignInRequired
                  icon={<KeyRound />}
                  message="Please sign in to manage your API keys."
                  returnPath="/api-settings"
                />
              }
            >
              {() => <ApiSetupPanel />}
            </SignedInOnly>
          </TabsContent>
          <TabsContent value="sources">
            <DataSourcesPanel />
          </TabsContent>
        </Tabs>
        <section
          aria-labelledby="foliowise-api-title"
          className="flex flex-col gap-4 border-t border-border pt-6"
        >
          <header className="flex flex-col gap-1">
            <h2 id="foliowise-api-title" className="text-xl font-semibold tracking-tight">
              Foliowise API
            </h2>
            <p className="max-w-2xl text-sm text-muted-foreground">
              Personal API tokens for reading your own data from scripts (Professional plan).
            </p>
          </header>
          <SignedInOnly
            signedOut={
              <p className="text-sm text-muted-foreground">
                Sign in with a Professional account to create API tokens, or{' '}
                <Link
                  href="/api-docs"
                  className="font-medium text-primary underline-offset-2 hover:underline"
                >
                  read the API documentation
                </Link>
                .
              </p>
            }
          >
            {(user) => <ApiTokensPanel user={user} />}
          </SignedInOnly>
        </section>
      </div>
    </PageLayout>
  );
}
