import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { BarChart3, History, LineChart, Lock, ShieldCheck } from 'lucide-react';
import { EDITOR_SAMPLE_PORTFOLIO } from '../../domain/sample-portfolios';
import { PageLayout } from '../components/layout/page-layout';
import { TooltipProvider } from '../components/ui/tooltip';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { AnalysisError } from '../features/analysis/analysis-error';
import { ANALYZER_META, AnalyzerHeading } from '../features/analysis/analyzer-heading';
import { HealthCheckCard } from '../features/analysis/health-check-card';
import { HideValuesProvider } from '../components/hide-values';
import { PortfolioEditor } from '../features/analysis/portfolio-editor';
import { PortfolioSummaryCard } from '../features/analysis/portfolio-summary-card';
import { ReplacePortfolioDialog } from '../features/analysis/replace-portfolio-dialog';
import { usePortfolioImport } from '../features/analysis/use-portfolio-import';
import { useAnalyzer } from '../features/analysis/use-analyzer';
import { ValuationPanel } from '../features/analysis/valuation-panel';
import { ValueHistoryCard } from '../features/analysis/value-history-card';
import { usePaymentReturnToast } from '../features/billing/payment-return';
import { useClientPortfolioSource } from '../features/clients/client-portfolio-source';
import { ClientSwitcher } from '../features/clients/client-switcher';
import { useOpenClient } from '../features/clients/get-client';
import { ImportTabs, type ImportTab } from '../features/imports/import-tabs';
import type { ImportHandler } from '../features/imports/types';
import { activityPathOf, performancePathOf } from '../lib/portfolio-views';
import { useEntitlement } from '../lib/entitlement';
import { useSession } from '../lib/session';

// Below the first screen: loaded after it, rendered in a task of their own (issue 25 item 21).
const AnalyzerSections = lazy(() => import('./analyzer-sections'));

const PROMISES = [
  {
    icon: BarChart3,
    title: 'Honest prices',
    text: 'Every price shows where it came from; simulated prices are labelled as such.',
  },
  {
    icon: ShieldCheck,
    title: 'Numbers you can check',
    text: 'Risk, diversification and health figures come from standard formulas; the AI only puts them into words.',
  },
  {
    icon: Lock,
    title: 'Your data, your choice',
    text: 'Signed out, your portfolio stays in this browser. Signed in, it is saved to your account.',
  },
];

/**
 * /app: the portfolio analyzer (spec 000 §2 "Analyzer page"). A Professional user may open a client's portfolio
 * instead of their own (`/app?client=<id>`, decision 032); for every other plan the parameter is ignored.
 */
export default function AnalyzerPage() {
  const session = useSession();
  const [, navigate] = useLocation();
  const hasClients = useEntitlement('multi-client');
  const requestedClientId = new URLSearchParams(useSearch()).get('client');
  const clientId = hasClients ? requestedClientId : null;
  const clientSource = useClientPortfolioSource(session.user?.id, clientId);
  const openClient = useOpenClient(session.user?.id, clientId);
  const {
    store,
    hasHoldings,
    settledPortfolio,
    valuation,
    analysis,
    resultsRef,
    valuesHidden,
    toggleValues,
  } = useAnalyzer(clientSource);
  const { portfolio } = store;
  const [importTab, setImportTab] = useState<ImportTab>('manual');
  const importCardRef = useRef<HTMLDivElement>(null);
  usePaymentReturnToast();

  const imports = usePortfolioImport(store);
  // Signed in, a CSV import into an empty portfolio (applied at once, no Replace / Add question) is also recorded
  // in its history with the file's costs (decision 038); over existing holdings it goes as before.
  const historyPortfolio =
    store.storage === 'account' && !store.isLoadingSaved && Object.keys(portfolio).length === 0
      ? clientId
        ? `client:${clientId}`
        : 'me'
      : null;
  const onImport: ImportHandler = imports.importPortfolio;

  const openSampleTab = () => {
    setImportTab('sample');
    importCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <PageLayout variant="app" meta={ANALYZER_META}>
      <TooltipProvider>
        <HideValuesProvider hidden={valuesHidden}>
          <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
            <AnalyzerHeading />

            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
              <Card ref={importCardRef} className="scroll-mt-20">
                <CardHeader className="p-4 sm:p-6">
                  <h2 className="text-lg leading-tight font-semibold">
                    {clientId ? "Client's Holdings" : 'Your Holdings'}
                  </h2>
                  <CardDescription>
                    {store.storage === 'browser'
                      ? 'Your portfolio is saved only in this browser.'
                      : clientId
                        ? "This client's portfolio is saved to your account."
                        : 'Your portfolio is saved to your account.'}
                  </CardDescription>
                  {session.user ? (
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      <Link
                        href={activityPathOf(clientId ? `client:${clientId}` : 'me')}
                        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                      >
                        <History className="size-4" aria-hidden="true" />
                        {clientId ? "Client's activity and gains" : 'Activity and gains'}
                      </Link>
                      <Link
                        href={performancePathOf(clientId ? `client:${clientId}` : 'me')}
                        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                      >
                        <LineChart className="size-4" aria-hidden="true" />
                        {clientId ? "Client's returns" : 'Returns'}
                      </Link>
                    </div>
                  ) : null}
                  {hasClients && session.user ? (
                    <div className="pt-2">
                      <ClientSwitcher
                        userId={session.user.id}
                        clientId={clientId}
                        onChange={(id) =>
                          navigate(id ? `/app?client=${encodeURIComponent(id)}` : '/app', { replace: true })
                        }
                      />
                    </div>
                  ) : null}
                </CardHeader>
                <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                  <ImportTabs
                    value={importTab}
                    onValueChange={setImportTab}
                    onImport={onImport}
                    historyPortfolio={historyPortfolio}
                    onClearSample={() => {
                      if (store.origin === 'sample') store.clear();
                    }}
                    manual={
                      <PortfolioEditor
                        rows={store.rows}
                        portfolio={portfolio}
                        onEdit={store.edit}
                        onLoadSample={() => store.replace(EDITOR_SAMPLE_PORTFOLIO, 'sample')}
                        onClearAll={store.clear}
                        unknownSymbols={valuation.data?.unknownSymbols}
                        unpricedSymbols={valuation.data?.unpricedSymbols}
                      />
                    }
                  />
                </CardContent>
              </Card>

              <div className="flex min-w-0 flex-col gap-6">
                <PortfolioSummaryCard
                  portfolio={portfolio}
                  origin={store.origin}
                  valuation={valuation.data}
                  isAnalyzing={analysis.isPending}
                  onAnalyze={() => analysis.run('ai')}
                  valuesHidden={valuesHidden}
                  onToggleValues={toggleValues}
                  onStartImport={openSampleTab}
                />
                {analysis.inputError ? (
                  <Alert variant="destructive" role="alert">
                    <AlertDescription>{analysis.inputError}</AlertDescription>
                  </Alert>
                ) : null}
                {analysis.error ? (
                  <AnalysisError
                    error={analysis.error}
                    mode={analysis.mode}
                    onTrySample={() => analysis.run('demo')}
                    isSampleRunning={analysis.isPending}
                  />
                ) : null}
                {hasHoldings ? (
                  <ValuationPanel
                    valuation={valuation.data}
                    isLoading={valuation.isLoading}
                    isUnavailable={valuation.isUnavailable}
                    unavailableMessage={valuation.unavailableMessage}
                  />
                ) : null}
                {hasHoldings && Object.keys(settledPortfolio).length > 0 ? (
                  <ValueHistoryCard
                    portfolio={settledPortfolio}
                    unknownSymbols={valuation.isLoading ? undefined : valuation.data?.unknownSymbols}
                  />
                ) : null}
                {hasHoldings && valuation.data ? (
                  <HealthCheckCard healthCheck={valuation.data.healthCheck} />
                ) : null}
              </div>
            </div>

            <ReplacePortfolioDialog
              pending={imports.pending}
              currentCount={Object.keys(portfolio).length}
              onReplace={imports.replacePending}
              onAdd={imports.addPending}
              onCancel={imports.cancelPending}
            />

            {/* Until they load, a screen's height: what follows stays below the first screen, never moved on it. */}
            <Suspense fallback={<div className="min-h-screen" />}>
              <AnalyzerSections
                analysis={{
                  result: analysis.result,
                  isStale: analysis.isStale,
                  isUnavailable: analysis.error !== null,
                }}
                resultsRef={resultsRef}
                portfolio={portfolio}
                hasHoldings={hasHoldings}
                hasSavedHoldings={store.storage === 'account' && hasHoldings}
                importedHoldings={store.origin === 'brokerage' || store.origin === 'csv' ? portfolio : null}
                client={clientId ? { id: clientId, ...openClient } : null}
              />
            </Suspense>

            <section aria-labelledby="promises-heading" className="rounded-xl bg-surface p-6">
              <h2 id="promises-heading" className="text-lg font-semibold">
                Why Foliowise
              </h2>
              <ul className="mt-4 grid gap-6 md:grid-cols-3">
                {PROMISES.map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <div>
                      <p className="font-medium">{title}</p>
                      <p className="text-sm text-muted-foreground">{text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <p className="mt-6 text-sm">
                Premium adds AI trading suggestions and multi-account aggregation.{' '}
                <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                  See Premium plans
                </Link>
              </p>
            </section>
          </div>
        </HideValuesProvider>
      </TooltipProvider>
    </PageLayout>
  );
}
