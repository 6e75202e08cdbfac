import { useId, useState } from 'react';
import { ChevronDown, CircleCheck, FolderInput, Sparkles, TriangleAlert } from 'lucide-react';
import type { Valuation } from '../../../contracts/analysis';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatHoldingQuantity, formatUsd } from '../../lib/format';
import { cn } from '../../lib/cn';
import { Amount, HideValuesToggle } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';
import { leftOutNote } from './format';
import { countHoldings, type PortfolioMap } from './portfolio-rows';
import type { PortfolioOrigin } from './use-portfolio-store';

/** The marker on the brokerage fallback portfolio (spec 000 §8; never passed off as real holdings). */
export const DEMO_DATA_NOTICE = 'Demo data — not your real holdings';

export interface PortfolioSummaryCardProps {
  portfolio: PortfolioMap;
  origin: PortfolioOrigin;
  valuation: Valuation | undefined;
  isAnalyzing: boolean;
  onAnalyze: () => void;
  valuesHidden: boolean;
  onToggleValues: () => void;
  /** Opens an import tab (the 'Import Your Portfolio' prompt). */
  onStartImport: () => void;
}

/**
 * 'Portfolio Ready' with the holdings detail toggle, the Analyze action and the hide-values toggle; without a
 * portfolio, the 'Import Your Portfolio' prompt.
 */
export function PortfolioSummaryCard(props: PortfolioSummaryCardProps) {
  const {
    portfolio,
    origin,
    valuation,
    isAnalyzing,
    onAnalyze,
    valuesHidden,
    onToggleValues,
    onStartImport,
  } = props;
  const [showHoldings, setShowHoldings] = useState(false);
  const headingId = useId();
  const detailsId = useId();
  // What the valuation left out (symbols no source found) is not a holding.
  const leftOut = valuation?.unpricedSymbols ?? [];
  const counts = countHoldings(portfolio, leftOut);
  const total = counts.stocks + counts.crypto;
  const note = valuation ? leftOutNote(valuation.unknownSymbols, valuation.unpricedSymbols) : null;

  if (Object.keys(portfolio).length === 0) {
    return (
      <Card role="region" aria-labelledby={headingId}>
        <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <FolderInput className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 id={headingId} className="text-lg font-semibold">
              Import Your Portfolio
            </h2>
            <p className="text-sm text-muted-foreground">
              Connect a brokerage, upload a CSV export, try a sample portfolio or type your holdings to get
              started.
            </p>
          </div>
          <Button variant="outline" onClick={onStartImport}>
            Try a sample portfolio
          </Button>
        </CardContent>
      </Card>
    );
  }

  const entries = Object.entries(portfolio);
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="gap-2 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <CircleCheck className="size-5 text-success" aria-hidden="true" />
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            Portfolio Ready
          </h2>
          {origin === 'brokerage-demo' ? <Badge variant="warning">{DEMO_DATA_NOTICE}</Badge> : null}
          {origin === 'sample' ? <Badge variant="secondary">Sample portfolio</Badge> : null}
        </div>
        <CardDescription>
          {total} {total === 1 ? 'holding' : 'holdings'}: {counts.stocks}{' '}
          {counts.stocks === 1 ? 'stock' : 'stocks'} and funds, {counts.crypto} crypto.
        </CardDescription>
        {note ? (
          <p className="text-sm break-words text-destructive" data-testid="left-out">
            {note}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {origin === 'brokerage-demo' ? (
          <p className="flex items-start gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-foreground">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            The brokerage import did not succeed, so this is a demo portfolio, not your own holdings.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={onAnalyze} disabled={isAnalyzing}>
            {isAnalyzing ? <Spinner className="size-4 text-current" /> : <Sparkles aria-hidden="true" />}
            {isAnalyzing ? 'Analyzing...' : 'Analyze Portfolio'}
          </Button>
          <HideValuesToggle hidden={valuesHidden} onToggle={onToggleValues} />
        </div>
        <div className="rounded-lg border border-border">
          <button
            type="button"
            aria-expanded={showHoldings}
            aria-controls={detailsId}
            onClick={() => setShowHoldings((open) => !open)}
            className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            {showHoldings ? 'Hide holdings' : 'Show holdings'}
            <ChevronDown
              className={cn('size-4 transition-transform', showHoldings && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
          <ul id={detailsId} hidden={!showHoldings} className="divide-y divide-border border-t border-border">
            {entries.map(([symbol, quantity]) => {
              const value = valuation?.holdings[symbol]?.currentValue;
              const isUnknown = valuation?.unknownSymbols.includes(symbol) ?? false;
              return (
                <li key={symbol} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="font-semibold">{displaySymbol(symbol)}</span>{' '}
                    <span className="text-muted-foreground">{formatHoldingQuantity(symbol, quantity)}</span>
                  </span>
                  {isUnknown ? (
                    <span className="shrink-0 text-destructive">Not found</span>
                  ) : value === undefined ? null : (
                    <span className="tabular-nums">
                      <Amount>{formatUsd(value)}</Amount>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
