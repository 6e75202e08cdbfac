import { Suspense, lazy, useId } from 'react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { LocalPrice, Valuation } from '../../../contracts/analysis';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import {
  changeTone,
  formatFraction,
  formatHoldingQuantity,
  formatSignedPercent,
  formatSignedUsd,
  formatUsd,
  TONE_TEXT_CLASS,
} from '../../lib/format';
import { fxRatesNote, formatLocalPrice } from '../../../domain/analytics/format';
import { leftOutNote, SOURCE_LABELS } from './format';
import { Amount } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';

const AllocationCharts = lazy(() => import('./allocation-charts'));

function ChangeIcon({ value }: { value: number }) {
  const tone = changeTone(value);
  const Icon = tone === 'gain' ? ArrowUpRight : tone === 'loss' ? ArrowDownRight : Minus;
  return <Icon className="size-4 shrink-0" aria-hidden="true" />;
}

/**
 * The FX rates the valuation used, grouped by where they came from:
 * 'Converted to USD at Simulated rates of 2026-11-24: 1 GBP = 1.310 USD; 1 JPY = 0.006400 USD'.
 */
function FxRatesNote({ valuation }: { valuation: Valuation }) {
  const note = fxRatesNote(Object.values(valuation.holdings).flatMap((h) => (h.local ? [h.local.fx] : [])));
  if (note === null) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="fx-rates">
      {note}
    </p>
  );
}

/** A listing's own price beside its USD one: '440p', '¥2,400'. */
function LocalPriceLine({ local }: { local: LocalPrice | undefined }) {
  if (!local) return null;
  return (
    <span className="block text-xs whitespace-nowrap text-muted-foreground">
      <Amount>{formatLocalPrice(local.price, local.currency)}</Amount> {local.currency}
    </span>
  );
}

export interface ValuationPanelProps {
  valuation: Valuation | undefined;
  isLoading: boolean;
  /** The last fetch failed: no valuation is shown (spec 000 §4). */
  isUnavailable: boolean;
  /** The server's reason, shown instead of the generic line (a plan that lacks global coverage). */
  unavailableMessage?: string;
}

/** Total value, today's change, each holding with its quote's source, and allocation charts. */
export function ValuationPanel({
  valuation,
  isLoading,
  isUnavailable,
  unavailableMessage,
}: ValuationPanelProps) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Portfolio Value
        </h2>
        {valuation?.isSimulated && !isUnavailable ? <SimulatedPricesBadge /> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
        {isUnavailable ? (
          <p className="text-sm text-muted-foreground">
            {unavailableMessage ?? 'Prices are not available right now.'}
          </p>
        ) : !valuation ? (
          isLoading ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <span className="sr-only">Loading prices</span>
              <Skeleton className="h-9 w-48" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : null
        ) : (
          <ValuationBody valuation={valuation} />
        )}
      </CardContent>
    </Card>
  );
}

function ValuationBody({ valuation }: { valuation: Valuation }) {
  const tone = changeTone(valuation.totalChange);
  const holdings = Object.entries(valuation.holdings).sort((a, b) => b[1].currentValue - a[1].currentValue);
  // 'Simulated' is said once, by the card's badge: sources are named only when some are real.
  const isOnlySimulated = valuation.sources.every((source) => source === 'simulated');
  const sources = isOnlySimulated ? '' : valuation.sources.map((source) => SOURCE_LABELS[source]).join(', ');
  const showsRowSource = valuation.sources.length > 1;
  const leftOut = leftOutNote(valuation.unknownSymbols, valuation.unpricedSymbols);
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">Total value</p>
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="valuation-total">
          <Amount>{formatUsd(valuation.totalCurrentValue)}</Amount>
        </p>
        <p className={cn('flex items-center gap-1 text-sm font-medium tabular-nums', TONE_TEXT_CLASS[tone])}>
          <ChangeIcon value={valuation.totalChange} />
          <Amount>
            {formatSignedUsd(valuation.totalChange)} ({formatSignedPercent(valuation.totalChangePercent)})
          </Amount>
          <span className="font-normal text-muted-foreground">today</span>
        </p>
        {sources ? <p className="text-xs text-muted-foreground">Prices: {sources}</p> : null}
        <FxRatesNote valuation={valuation} />
        {leftOut ? (
          <p className="text-sm break-words text-destructive" data-testid="left-out">
            {leftOut}
          </p>
        ) : null}
      </div>

      <ul className="flex flex-col md:hidden" aria-label="Holdings">
        {holdings.map(([symbol, holding]) => (
          <li
            key={symbol}
            className="flex items-start justify-between gap-3 border-b border-border py-2 last:border-0"
          >
            <div className="min-w-0">
              <p className="font-semibold">{displaySymbol(symbol)}</p>
              <p className="truncate text-xs text-muted-foreground">{holding.name}</p>
              <p className="text-xs text-muted-foreground">
                {formatHoldingQuantity(symbol, holding.quantity)}
                {showsRowSource || !holding.source
                  ? ` · ${holding.source ? SOURCE_LABELS[holding.source] : 'No quote'}`
                  : null}
              </p>
            </div>
            <div className="shrink-0 text-right text-sm tabular-nums">
              <p className="font-medium">
                <Amount>{formatUsd(holding.currentValue)}</Amount>
              </p>
              <p className={cn('text-xs', TONE_TEXT_CLASS[changeTone(holding.changePercent)])}>
                {holding.changePercent === null ? '—' : formatSignedPercent(holding.changePercent)} today
              </p>
              <LocalPriceLine local={holding.local} />
              <p className="text-xs text-muted-foreground">{formatFraction(holding.weight)} of total</p>
            </div>
          </li>
        ))}
      </ul>

      <div className="hidden md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">
            {showsRowSource
              ? 'Holdings with price, value, today’s change, weight and price source'
              : 'Holdings with price, value, today’s change and weight'}
          </caption>
          <thead>
            <tr className="border-b border-border text-left text-xs text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-medium">
                Holding
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Price
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Value
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Today
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium">
                Weight
              </th>
              {showsRowSource ? (
                <th scope="col" className="py-2 pl-2 font-medium">
                  Source
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {holdings.map(([symbol, holding]) => (
              <tr key={symbol} className="border-b border-border last:border-0">
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  <span className="block font-semibold">{displaySymbol(symbol)}</span>
                  <span className="block max-w-[14rem] truncate text-xs text-muted-foreground">
                    {holding.name}
                  </span>
                  <span className="block text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                    {formatHoldingQuantity(symbol, holding.quantity)}
                  </span>
                </th>
                <td className="px-2 py-2 text-right tabular-nums">
                  {holding.price === null ? '—' : <Amount>{formatUsd(holding.price)}</Amount>}
                  <LocalPriceLine local={holding.local} />
                </td>
                <td className="px-2 py-2 text-right font-medium tabular-nums">
                  <Amount>{formatUsd(holding.currentValue)}</Amount>
                </td>
                <td
                  className={cn(
                    'px-2 py-2 text-right tabular-nums',
                    TONE_TEXT_CLASS[changeTone(holding.changePercent)],
                  )}
                >
                  {holding.changePercent === null ? '—' : formatSignedPercent(holding.changePercent)}
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{formatFraction(holding.weight)}</td>
                {showsRowSource ? (
                  <td className="py-2 pl-2 text-xs whitespace-nowrap text-muted-foreground">
                    {holding.source ? SOURCE_LABELS[holding.source] : 'No quote'}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <Suspense
        fallback={
          <div aria-busy="true">
            <span className="sr-only">Loading charts</span>
            <Skeleton className="h-64 w-full" />
          </div>
        }
      >
        <AllocationCharts valuation={valuation} />
      </Suspense>
    </>
  );
}
