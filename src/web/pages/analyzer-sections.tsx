import type { Ref } from 'react';
import type { AnalyzeResponse } from '../../contracts/analysis';
import { AlertsPanel } from '../features/alerts/alerts-panel';
import { AnalysisResultsSection } from '../features/analysis/analysis-results-section';
import { DownloadReportCard } from '../features/reports/download-report-card';
import { InvestmentBasics } from '../features/resources/investment-basics';
import { PortfolioAccountsPanel } from '../features/portfolio-accounts/portfolio-accounts-panel';
import { TradingSuggestionsPanel } from '../features/trading-suggestions/suggestions-panel';
import { useMarkLessonRead } from '../features/rewards/mark-lesson-read';

export interface AnalyzerSectionsProps {
  analysis: {
    result: AnalyzeResponse | null;
    isStale: boolean;
    /** The last run failed (its notice is shown above). */
    isUnavailable: boolean;
  };
  resultsRef: Ref<HTMLDivElement>;
  portfolio: Readonly<Record<string, number>>;
  hasHoldings: boolean;
  /** Holdings saved to the account (the report is made from them). */
  hasSavedHoldings: boolean;
  /** Holdings just imported from a brokerage or a CSV file: offered as an account. */
  importedHoldings: Readonly<Record<string, number>> | null;
  /** A Professional user's client whose portfolio is open; its name and archived state once loaded. */
  client: { id: string; name?: string; isArchived?: boolean } | null;
}

/**
 * The analyzer's sections below its first screen: results, report, accounts and lessons. The page loads this
 * module lazily (issue 25 item 21), so that their code is neither evaluated nor rendered in the task that first
 * shows the editor; the service worker precaches it with the page.
 */
export default function AnalyzerSections({
  analysis,
  resultsRef,
  portfolio,
  hasHoldings,
  hasSavedHoldings,
  importedHoldings,
  client,
}: AnalyzerSectionsProps) {
  const markLessonRead = useMarkLessonRead();
  return (
    <>
      <AnalysisResultsSection
        result={analysis.result}
        isStale={analysis.isStale}
        hasHoldings={hasHoldings}
        isUnavailable={analysis.isUnavailable}
        resultsRef={resultsRef}
        suggestionsPanel={<TradingSuggestionsPanel portfolio={portfolio} />}
        snapshotsPanel={<AlertsPanel client={client} />}
      />
      <DownloadReportCard hasSavedHoldings={hasSavedHoldings} clientId={client?.id ?? null} />
      <PortfolioAccountsPanel importedHoldings={importedHoldings} />
      <InvestmentBasics onLessonOpen={markLessonRead} />
    </>
  );
}
