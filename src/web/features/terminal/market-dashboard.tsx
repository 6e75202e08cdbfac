import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { terminalDisplaySymbol, type TerminalQuote } from '../../../contracts/terminal';
import { cn } from '../../lib/cn';
import { changeTone, formatSignedPercent } from '../../lib/format';
import { SOURCE_LABELS, TONE_TEXT, formatPrice, formatSignedNumber, formatTime } from './format';
import { Panel, ScrollRegion, SimulatedBadge } from './panel';

function ChangeIcon({ value }: { value: number }) {
  const tone = changeTone(value);
  const Icon = tone === 'gain' ? ArrowUpRight : tone === 'loss' ? ArrowDownRight : Minus;
  return <Icon className="size-3.5 shrink-0" aria-hidden="true" />;
}

export interface MarketDashboardProps {
  quotes: readonly TerminalQuote[];
  selected: string;
  onSelect: (symbol: string) => void;
  /** When the overview was fetched (ISO); shown as the refresh time. */
  updatedAt: string;
  className?: string;
}

/** SPY, QQQ, IWM, VIX, AAPL, GOOGL, MSFT, TSLA: last price, change and each quote's source. */
export function MarketDashboard({ quotes, selected, onSelect, updatedAt, className }: MarketDashboardProps) {
  const simulated = quotes.some((q) => q.source === 'simulated');
  return (
    <Panel title="Market dashboard" className={className} actions={simulated ? <SimulatedBadge /> : null}>
      <ScrollRegion label="Market dashboard quotes">
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="sr-only">
            Live quotes, refreshed every 30 seconds. Choose a symbol to show its chart.
          </caption>
          <thead>
            <tr className="border-b border-slate-800 text-left text-[11px] tracking-wider text-slate-400 uppercase">
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Symbol
              </th>
              <th scope="col" className="hidden px-2 py-1.5 font-semibold xl:table-cell">
                Name
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Last
              </th>
              <th scope="col" className="hidden px-2 py-1.5 text-right font-semibold sm:table-cell">
                Chg
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Chg %
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                Source
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((quote) => {
              const tone = TONE_TEXT[changeTone(quote.change)];
              const isSelected = quote.symbol === selected;
              const label = terminalDisplaySymbol(quote.symbol);
              return (
                <tr
                  key={quote.symbol}
                  onClick={() => onSelect(quote.symbol)}
                  className={cn(
                    'cursor-pointer border-b border-slate-800/70 last:border-b-0 hover:bg-slate-800/60',
                    isSelected && 'bg-slate-800',
                  )}
                >
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    <button
                      type="button"
                      aria-pressed={isSelected}
                      aria-label={`${label}, ${quote.name}: show chart`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(quote.symbol);
                      }}
                      className={cn(
                        'rounded px-1 py-0.5 font-mono text-sm font-bold text-slate-100 hover:text-amber-300',
                        isSelected && 'text-amber-300',
                      )}
                    >
                      {label}
                    </button>
                  </th>
                  <td className="hidden max-w-48 truncate px-2 py-1 text-slate-300 xl:table-cell">
                    {quote.name}
                  </td>
                  <td className="px-2 py-1 text-right font-mono text-slate-100">
                    {formatPrice(quote.currentPrice)}
                  </td>
                  <td className={cn('hidden px-2 py-1 text-right font-mono sm:table-cell', tone)}>
                    {formatSignedNumber(quote.change)}
                  </td>
                  <td className={cn('px-2 py-1 text-right font-mono', tone)}>
                    <span className="inline-flex items-center justify-end gap-0.5">
                      <ChangeIcon value={quote.change} />
                      {formatSignedPercent(quote.changePercent)}
                    </span>
                  </td>
                  <td className="px-3 py-1 text-right text-xs text-slate-400">
                    <span title={`As of ${formatTime(quote.asOf)}`}>{SOURCE_LABELS[quote.source]}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="mt-2 text-xs text-slate-400">
        Updated {formatTime(updatedAt)} · refreshes every 30 s · prices in USD, VIX in index points
      </p>
    </Panel>
  );
}
