import { terminalDisplaySymbol, type TerminalRisk } from '../../../contracts/terminal';
import { formatPercent } from '../../lib/format';
import { formatFraction } from '../../lib/format';
import { formatDay, formatRatio, SOURCE_LABELS } from './format';
import { Panel, ScrollRegion } from './panel';

function NotApplicable() {
  return (
    <span className="text-slate-400">
      n/a<span aria-hidden="true">*</span>
      <span className="sr-only"> (index level, see note)</span>
    </span>
  );
}

function period(risk: TerminalRisk): string {
  if (!risk.from || !risk.asOf) return 'No price history is available right now.';
  return `One year of daily closes, ${formatDay(risk.from)} to ${formatDay(risk.asOf)} (${risk.observations} daily returns).`;
}

/** Volatility, beta to SPY, maximum drawdown and Sharpe ratio of each dashboard symbol. */
export function RiskGrid({ risk, className }: { risk: TerminalRisk; className?: string }) {
  const sources = [...new Set(risk.symbols.flatMap((row) => (row.source ? [row.source] : [])))];
  const hasLevel = risk.symbols.some((row) => row.isIndexLevel);
  return (
    <Panel title="Risk analytics" className={className}>
      <ScrollRegion label="Risk figures">
        <table className="w-full border-collapse text-sm tabular-nums">
          <caption className="px-3 pb-2 text-left text-xs text-slate-400">
            {period(risk)} Beta against {terminalDisplaySymbol(risk.benchmark)}; Sharpe with a{' '}
            {formatPercent(risk.riskFreeRate * 100)} risk-free rate.
          </caption>
          <thead>
            <tr className="border-b border-slate-800 text-left text-[11px] tracking-wider text-slate-400 uppercase">
              <th scope="col" className="px-3 py-1.5 font-semibold">
                Symbol
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                <span aria-hidden="true" className="sm:hidden">
                  Vol.
                </span>
                <span className="max-sm:sr-only">Volatility</span>
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Beta
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                <span aria-hidden="true" className="sm:hidden">
                  Max DD
                </span>
                <span className="max-sm:sr-only">Max drawdown</span>
              </th>
              <th scope="col" className="px-3 py-1.5 text-right font-semibold">
                Sharpe
              </th>
            </tr>
          </thead>
          <tbody>
            {risk.symbols.map((row) => (
              <tr key={row.symbol} className="border-b border-slate-800/70 last:border-b-0">
                <th scope="row" className="px-3 py-1 text-left font-mono font-bold text-slate-100">
                  {terminalDisplaySymbol(row.symbol)}
                </th>
                <td className="px-2 py-1 text-right font-mono text-slate-100">
                  {formatFraction(row.volatility)}
                </td>
                <td className="px-2 py-1 text-right font-mono text-slate-100">{formatRatio(row.beta)}</td>
                <td className="px-2 py-1 text-right font-mono text-red-300">
                  {row.isIndexLevel ? (
                    <NotApplicable />
                  ) : row.maxDrawdown === null ? (
                    '—'
                  ) : (
                    `−${formatFraction(row.maxDrawdown)}`
                  )}
                </td>
                <td className="px-3 py-1 text-right font-mono text-slate-100">
                  {row.isIndexLevel ? <NotApplicable /> : formatRatio(row.sharpe)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {hasLevel ? (
        <p className="mt-2 text-xs text-slate-300">
          <span aria-hidden="true">* </span>VIX is an index level, not something you can hold: its volatility,
          beta and correlation describe daily changes of the level, and a Sharpe ratio or drawdown would mean
          nothing.
        </p>
      ) : null}
      <p className="mt-1 text-xs text-slate-400">
        Annualised (252 trading days).{' '}
        {sources.length > 0 ? `History: ${sources.map((s) => SOURCE_LABELS[s]).join(', ')}.` : ''}
      </p>
    </Panel>
  );
}

/** The cell's background: green for positive, red for negative correlation, stronger as it nears ±1. */
function heat(value: number | null): string | undefined {
  if (value === null) return undefined;
  const alpha = (0.08 + 0.47 * Math.min(1, Math.abs(value))).toFixed(3);
  return value >= 0 ? `rgba(16, 185, 129, ${alpha})` : `rgba(239, 68, 68, ${alpha})`;
}

export interface CorrelationMatrixProps {
  symbols: readonly string[];
  matrix: readonly (readonly (number | null)[])[];
  /** What the numbers are, above the table. */
  caption: string;
  /** The scrollable region's name. */
  label: string;
}

/** A correlation matrix as a heat table with the numbers, and the colour scale under it. */
export function CorrelationMatrix({ symbols, matrix, caption, label }: CorrelationMatrixProps) {
  const labels = symbols.map(terminalDisplaySymbol);
  // The caption is shown above the scrolling table, so that it wraps at the panel's width and not the table's.
  return (
    <>
      <p aria-hidden="true" className="pb-2 text-xs text-slate-400">
        {caption}
      </p>
      <ScrollRegion label={label} className="px-3">
        <table className="w-full border-separate border-spacing-0.5 text-[11px] tabular-nums sm:text-xs">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <td />
              {labels.map((text, j) => (
                <th
                  key={symbols[j]}
                  scope="col"
                  className="px-0.5 py-1 text-center font-mono font-semibold text-slate-300 sm:px-1"
                >
                  {text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.map((row, i) => (
              <tr key={symbols[i]}>
                <th scope="row" className="pr-1 text-left font-mono font-semibold text-slate-300 sm:pr-2">
                  {labels[i]}
                </th>
                {row.map((value, j) => (
                  <td
                    key={symbols[j]}
                    className="min-w-9 rounded-sm px-0.5 py-1.5 text-center font-mono text-slate-50 sm:min-w-11 sm:px-1"
                    style={{ backgroundColor: heat(value) }}
                  >
                    {formatRatio(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-2 flex items-center gap-2 text-[11px] text-slate-400" aria-hidden="true">
          <span>−1</span>
          <span className="h-2 flex-1 rounded-full bg-gradient-to-r from-red-500/60 via-slate-800 to-emerald-500/60" />
          <span>+1</span>
        </div>
      </ScrollRegion>
    </>
  );
}

/** Pearson correlation of daily returns between the dashboard symbols, as a heat table with the numbers. */
export function CorrelationTable({ risk, className }: { risk: TerminalRisk; className?: string }) {
  const { symbols, matrix } = risk.correlation;
  return (
    <Panel title="Correlation" className={className}>
      {symbols.length === 0 ? (
        <p className="text-sm text-slate-300">No price history is available right now.</p>
      ) : (
        <CorrelationMatrix
          symbols={symbols}
          matrix={matrix}
          label="Correlation matrix"
          caption="Correlation of daily returns (VIX: of daily level changes) over the same year. 1 moves together, −1 moves opposite."
        />
      )}
    </Panel>
  );
}
