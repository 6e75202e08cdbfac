import type { ReactNode, Ref } from 'react';
import { Sparkles } from 'lucide-react';
import type { AnalyzeResponse } from '../../../contracts/analysis';
import { Card, CardContent } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AnalysisResults } from './analysis-results';

const RESULT_TAB = 'h-full whitespace-normal sm:whitespace-nowrap';

/** The analysis tab: the last result, or what to do to get one. `resultsRef` is scrolled to after a run. */
export function AnalysisResultsSection({
  result,
  isStale,
  hasHoldings,
  isUnavailable,
  resultsRef,
  suggestionsPanel,
  snapshotsPanel,
}: {
  result: AnalyzeResponse | null;
  isStale: boolean;
  hasHoldings: boolean;
  /** The last run failed (its notice is shown above): not 'Ready when you are'. */
  isUnavailable: boolean;
  resultsRef: Ref<HTMLDivElement>;
  /** The 'AI Suggestions' tab's panel (a feature of its own, passed in by the page). */
  suggestionsPanel?: ReactNode;
  /** The 'Daily Snapshots & Alerts' tab's content (another feature's, given by the page). */
  snapshotsPanel?: ReactNode;
}) {
  return (
    <section aria-label="Analysis results" className="flex flex-col gap-4">
      <Tabs defaultValue="analysis">
        {/* Three equal columns on a phone, the long label on two lines: in one row they are wider than 375 px. */}
        <TabsList
          aria-label="Result views"
          className="grid h-auto w-full auto-cols-fr grid-flow-col sm:inline-flex sm:w-auto"
        >
          {suggestionsPanel ? (
            <TabsTrigger value="suggestions" className={RESULT_TAB}>
              AI Suggestions
            </TabsTrigger>
          ) : null}
          <TabsTrigger value="analysis" className={RESULT_TAB}>
            Analysis
          </TabsTrigger>
          {snapshotsPanel ? (
            <TabsTrigger value="snapshots" className={RESULT_TAB}>
              Daily Snapshots &amp; Alerts
            </TabsTrigger>
          ) : null}
        </TabsList>
        {suggestionsPanel ? <TabsContent value="suggestions">{suggestionsPanel}</TabsContent> : null}
        <TabsContent value="analysis">
          <div ref={resultsRef} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
            {result ? (
              <AnalysisResults result={result} isStale={isStale} />
            ) : (
              <Card>
                <CardContent className="flex flex-col items-center gap-2 p-6 text-center">
                  <Sparkles className="size-6 text-primary" aria-hidden="true" />
                  <p className="font-medium">
                    {hasHoldings && !isUnavailable ? 'Ready when you are' : 'No analysis yet'}
                  </p>
                  <p className="max-w-xl text-sm text-muted-foreground">
                    {!hasHoldings
                      ? 'Add holdings above, then analyze them to see insights, risk figures and diversification gaps.'
                      : isUnavailable
                        ? 'The analysis could not be written: see the notice above.'
                        : 'Choose Analyze Portfolio to see insights, risk figures, diversification gaps and recommendations.'}
                  </p>
                </CardContent>
              </Card>
            )}
          </div>
        </TabsContent>
        {snapshotsPanel ? <TabsContent value="snapshots">{snapshotsPanel}</TabsContent> : null}
      </Tabs>
    </section>
  );
}
