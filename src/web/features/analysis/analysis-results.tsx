import { useId, type ReactNode } from 'react';
import { Lightbulb, ListChecks, Sparkles, Target, TrendingUp, type LucideIcon } from 'lucide-react';
import type { AnalysisWordsSource, AnalyzeResponse } from '../../../contracts/analysis';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { AnalysisText } from './analysis-text';
import { leftOutNote } from './format';
import { MaskedText } from '../../components/hide-values';
import { ReturnsFigures } from './returns-figures';
import { RiskPanel } from './risk-panel';

function ListCard({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h3>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** How each source of the words titles the results, and what it says about them (DESIGN.md deviation 10). */
const TITLES: Readonly<
  Record<AnalysisWordsSource, { heading: string; insights: string; note: string | null }>
> = {
  model: { heading: 'AI Analysis Results', insights: 'AI Portfolio Insights', note: null },
  rules: {
    heading: 'Analysis Results',
    insights: 'Portfolio Insights',
    note: 'Written by rules from the figures computed for your holdings.',
  },
  demo: {
    heading: 'Demo Analysis Results',
    insights: 'AI Portfolio Insights',
    note: 'A sample analysis written from fixed rules, not by the AI. The figures are computed from your holdings.',
  },
};

/**
 * 'AI Analysis Results', 'Analysis Results' (no model configured) or 'Demo Analysis Results' with 'Demo
 * Mode': overview, insights, risk, gaps, advice.
 */
export function AnalysisResults({ result, isStale }: { result: AnalyzeResponse; isStale: boolean }) {
  const { analysis, wordsSource, usage, portfolioSummary } = result;
  const titles = TITLES[wordsSource];
  const leftOut = leftOutNote(portfolioSummary.unknownSymbols, portfolioSummary.unpricedSymbols);
  const leftOutCount = portfolioSummary.unpricedSymbols.length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            {titles.heading}
          </h2>
          {wordsSource === 'demo' ? <Badge variant="warning">Demo Mode</Badge> : null}
        </div>
        {titles.note ? <p className="text-sm text-muted-foreground">{titles.note}</p> : null}
        {leftOut ? (
          <p className="text-sm break-words text-destructive" data-testid="left-out">
            {leftOut}. No figure below includes {leftOutCount === 1 ? 'it' : 'them'}.
          </p>
        ) : null}
        {isStale ? (
          <p className="text-sm text-muted-foreground">
            Your portfolio has changed since this analysis. Analyze again to update it.
          </p>
        ) : null}
        {usage ? (
          <p className="text-xs text-muted-foreground">
            {usage.remaining} of {usage.limit} free AI analyses left this month.
          </p>
        ) : null}
      </div>

      <ListCard title="Overview" icon={Target}>
        <AnalysisText text={analysis.overviewText} />
      </ListCard>

      {analysis.insights.length > 0 ? (
        <ListCard title={titles.insights} icon={Lightbulb}>
          <ul className="list-disc space-y-2 pl-5">
            {analysis.insights.map((insight) => (
              <li key={insight}>
                <AnalysisText text={insight} />
              </li>
            ))}
          </ul>
        </ListCard>
      ) : null}

      {analysis.metrics.returns ? (
        <ListCard title="Returns" icon={TrendingUp}>
          <ReturnsFigures returns={analysis.metrics.returns} />
        </ListCard>
      ) : null}

      <RiskPanel analysis={analysis} />

      <div className="grid gap-6 lg:grid-cols-2">
        <ListCard title="Diversification Gaps" icon={Target}>
          {analysis.diversificationGaps.length > 0 ? (
            <ul className="list-disc space-y-2 pl-5">
              {analysis.diversificationGaps.map((gap) => (
                <li key={gap}>
                  <MaskedText text={gap} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No diversification gaps were found.</p>
          )}
        </ListCard>
        <ListCard title="Recommendations" icon={ListChecks}>
          {analysis.recommendations.length > 0 ? (
            <ol className="flex flex-col gap-3">
              {analysis.recommendations.map((rec, index) => (
                <li key={`${rec.title}-${index}`} className="flex gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-semibold text-primary"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-medium">
                      <MaskedText text={rec.title} />
                    </p>
                    <p className="text-sm text-muted-foreground">
                      <MaskedText text={rec.description} />
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No recommendations for this portfolio.</p>
          )}
        </ListCard>
      </div>

      <p className="text-center text-xs text-muted-foreground">
        Educational information, not financial advice. Figures are computed from market data; the words are
        written from those figures.
      </p>
    </div>
  );
}
