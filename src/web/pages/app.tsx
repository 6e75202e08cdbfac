import { useCallback, useRef, useState } from 'react';
import { Link } from 'wouter';
import { BarChart3, Lock, ShieldCheck, Sparkles } from 'lucide-react';
import { PORTFOLIO_MESSAGES, type AnalyzeResponse } from '../../contracts/analysis';
import { EDITOR_SAMPLE_PORTFOLIO } from '../../domain/sample-portfolios';
import { PageLayout } from '../components/layout/page-layout';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useAnalyzePortfolio } from '../features/analyzer/analyze-portfolio';
import { AnalysisError } from '../features/analyzer/analysis-error';
import { AnalysisResults } from '../features/analyzer/analysis-results';
import { portfolioCacheKey, useValuation } from '../features/analyzer/get-valuation';
import { HideValuesProvider } from '../features/analyzer/hide-values';
import { PortfolioEditor } from '../features/analyzer/portfolio-editor';
import { PortfolioSummaryCard } from '../features/analyzer/portfolio-summary-card';
import { useDebouncedValue } from '../features/analyzer/use-debounced-value';
import { usePortfolioStore } from '../features/analyzer/use-portfolio-store';
import { ValuationPanel } from '../features/analyzer/valuation-panel';
import { ImportTabs, type ImportTab } from '../features/imports/import-tabs';
import type { ImportHandler } from '../features/imports/types';
import { InvestmentBasics } from '../features/lessons/investment-basics';

const META = {
  title: 'Portfolio Analyzer — Foliowise',
  description:
    'Import your stocks, funds and crypto from a brokerage export, a sample or by hand, and see their value, risk, diversification and a health check explained.',
  keywords:
    'portfolio analyzer, AI portfolio analysis, brokerage CSV import, diversification, portfolio risk, health check',
  path: '/app',
};

const VALUATION_DEBOUNCE_MS = 500;

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

/** /app: the portfolio analyzer (spec 000 §2 "Analyzer page"). */
export default function AnalyzerPage() {
  const store = usePortfolioStore();
  const { portfolio } = store;
  const [importTab, setImportTab] = useState<ImportTab>('manual');
  const [valuesHidden, setValuesHidden] = useState(false);
  const importCardRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const settledPortfolio = useDebouncedValue(portfolio, VALUATION_DEBOUNCE_MS);
  const valuation = useValuation(settledPortfolio);
  const hasHoldings = Object.keys(portfolio).length > 0;

  const analyze = useAnalyzePortfolio();
  const [mode, setMode] = useState<'ai' | 'demo'>('ai');
  const [result, setResult] = useState<{ response: AnalyzeResponse; portfolioKey: string } | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);

  const runAnalysis = (nextMode: 'ai' | 'demo') => {
    setMode(nextMode);
    if (!hasHoldings) {
      analyze.reset();
      setInputError(PORTFOLIO_MESSAGES.empty);
      return;
    }
    setInputError(null);
    const sent = portfolio;
    analyze.mutate(
      { portfolio: sent, mode: nextMode },
      {
        onSuccess: (response) => {
          setResult({ response, portfolioKey: portfolioCacheKey(sent) });
          window.setTimeout(() => {
            resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            resultsRef.current?.focus({ preventScroll: true });
          }, 0);
        },
      },
    );
  };

  const onImport: ImportHandler = useCallback(
    (imported, origin) => {
      store.replace(imported, origin);
    },
    [store],
  );

  const openSampleTab = () => {
    setImportTab('sample');
    importCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const valuationData = valuation.isError ? undefined : valuation.data;

  return (
    <PageLayout variant="app" meta={META}>
      <HideValuesProvider hidden={valuesHidden}>
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <header className="flex flex-col gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">AI Portfolio Analyzer</h1>
            <p className="max-w-3xl text-muted-foreground">
              Bring your portfolio from a brokerage, a CSV export, a sample or by hand. See what it is worth
              today, how much risk it carries and where it lacks diversification, explained in plain language.
            </p>
          </header>

          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
            <Card ref={importCardRef} className="scroll-mt-20">
              <CardHeader className="p-4 sm:p-6">
                <h2 className="text-lg leading-tight font-semibold">Your Holdings</h2>
                <CardDescription>
                  {store.storage === 'browser'
                    ? 'Your portfolio is saved only in this browser.'
                    : 'Your portfolio is saved to your account.'}
                </CardDescription>
              </CardHeader>
              <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                <ImportTabs
                  value={importTab}
                  onValueChange={setImportTab}
                  onImport={onImport}
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
                    />
                  }
                />
              </CardContent>
            </Card>

            <div className="flex min-w-0 flex-col gap-6">
              <PortfolioSummaryCard
                portfolio={portfolio}
                origin={store.origin}
                valuation={valuationData}
                isAnalyzing={analyze.isPending}
                onAnalyze={() => runAnalysis('ai')}
                valuesHidden={valuesHidden}
                onToggleValues={() => setValuesHidden((hidden) => !hidden)}
                onStartImport={openSampleTab}
              />
              {inputError ? (
                <Alert variant="destructive" role="alert">
                  <AlertDescription>{inputError}</AlertDescription>
                </Alert>
              ) : null}
              {analyze.isError ? (
                <AnalysisError
                  error={analyze.error}
                  mode={mode}
                  onTrySample={() => runAnalysis('demo')}
                  isSampleRunning={analyze.isPending}
                />
              ) : null}
              {hasHoldings ? (
                <ValuationPanel
                  valuation={valuationData}
                  isLoading={valuation.isPending || valuation.isFetching}
                  isUnavailable={valuation.isError}
                />
              ) : null}
            </div>
          </div>

          <section aria-label="Analysis results" className="flex flex-col gap-4">
            <Tabs defaultValue="analysis">
              <TabsList aria-label="Result views">
                <TabsTrigger value="analysis">Analysis</TabsTrigger>
              </TabsList>
              <TabsContent value="analysis">
                <div ref={resultsRef} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
                  {result ? (
                    <AnalysisResults
                      result={result.response}
                      isStale={result.portfolioKey !== portfolioCacheKey(portfolio)}
                    />
                  ) : (
                    <Card>
                      <CardContent className="flex flex-col items-center gap-2 p-6 text-center">
                        <Sparkles className="size-6 text-primary" aria-hidden="true" />
                        <p className="font-medium">
                          {hasHoldings ? 'Ready when you are' : 'No analysis yet'}
                        </p>
                        <p className="max-w-xl text-sm text-muted-foreground">
                          {hasHoldings
                            ? 'Choose Analyze Portfolio to see insights, risk figures, diversification gaps, recommendations and your health check.'
                            : 'Add holdings above, then analyze them to see insights, risk figures and your health check.'}
                        </p>
                      </CardContent>
                    </Card>
                  )}
                </div>
              </TabsContent>
            </Tabs>
          </section>

          <InvestmentBasics />

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
              Want AI trading suggestions and multi-account aggregation?{' '}
              <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
                See Premium plans
              </Link>
            </p>
          </section>
        </div>
      </HideValuesProvider>
    </PageLayout>
  );
}
