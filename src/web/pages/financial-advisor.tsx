import { PageLayout } from '../components/layout/page-layout';
import { TooltipProvider } from '../components/ui/tooltip';
import { AdvisorPanel } from '../features/advisor/advisor-panel';

const BREADCRUMB = [
  { label: 'Home', href: '/' },
  { label: 'AI Advisor', href: '/financial-advisor' },
];

const META = {
  title: 'AI Financial Advisor — Foliowise',
  description:
    'Ask about one stock and get a structured answer: a rating computed from trend, momentum and risk against your tolerance and horizon, with support and resistance levels.',
  keywords: 'AI financial advisor, stock analysis, RSI, moving averages, support and resistance',
  path: '/financial-advisor',
};

/** /financial-advisor (spec 001 "AI Financial Advisor"). */
export default function FinancialAdvisorPage() {
  return (
    <PageLayout variant="app" meta={META} breadcrumb={BREADCRUMB}>
      <TooltipProvider>
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <header className="grid gap-2">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">AI Financial Advisor</h1>
            <p className="max-w-3xl text-muted-foreground">
              Ask about one stock. The rating, targets and risk figures are computed from market data and your
              context; the AI model only puts them into words.
            </p>
          </header>
          <AdvisorPanel />
        </div>
      </TooltipProvider>
    </PageLayout>
  );
}
