import { Link } from 'wouter';
import { ArrowDownRight, ArrowUpRight, Briefcase, Minus } from 'lucide-react';
import type { TerminalPortfolio } from '../../../contracts/terminal';
import { displaySymbol } from '../../../domain/symbol-kind';
import { cn } from '../../lib/cn';
import {
  changeTone,
  formatFraction,
  formatSignedPercent,
  formatSignedUsd,
  formatUsdWhole,
} from '../../lib/format';
import { TONE_TEXT } from './format';
import { Panel, SimulatedBadge } from './panel';

/** The account's saved portfolio at live prices: total, today's change, the ten largest holdings. */
export function PortfolioOverview({
  portfolio,
  className,
}: {
  portfolio: TerminalPortfolio;
  className?: string;
}) {
  if (!portfolio.hasPortfolio) {
    return (
      <Panel title="Portfolio overview" className={className}>
        <div className="flex flex-1 flex-col items-start justify-center gap-3 py-4 text-sm text-slate-300">
          <Briefcase className="size-6 text-slate-400" aria-hidden="true" />
          <p>No saved portfolio yet. Import or enter your holdings in the analyzer and they appear here.</p>
          <Link
            href="/app"
            className="rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300"
          >
            Open the Portfolio Analyzer
          </Link>
        </div>
      </Panel>
    );
  }
  const tone = changeTone(portfolio.totalChange);
  const Icon = tone === 'gain' ? ArrowUpRight : tone === 'loss' ? ArrowDownRight : Minus;
  const more = portfolio.positions - portfolio.holdings.length;
  return (
    <Panel
      title="Portfolio overview"
      className={className}
      actions={portfolio.sources.includes('simulated') ? <SimulatedBadge /> : null}
    >
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-[11px] tracking-wider text-slate-400 uppercase">Total value</dt>
          <dd className="font-mono text-2xl font-semibold text-slate-50 tabular-nums">
            {formatUsdWhole(portfolio.totalValue)}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] tracking-wider text-slate-400 uppercase">Today</dt>
          <dd className={cn('flex items-center gap-1 font-mono text-sm tabular-nums', TONE_TEXT[tone])}>
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {formatSignedUsd(portfolio.totalChange)} ({formatSignedPercent(portfolio.totalChangePercent)})
            </span>
          </dd>
        </div>
      </dl>
      <h3 className="mt-4 mb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
        Top holdings
      </h3>
      <ul className="flex flex-col gap-1.5">
        {portfolio.holdings.map((holding) => (
          <li key={holding.symbol} className="grid grid-cols-[5.5rem_1fr_9.5rem] items-center gap-2 text-sm">
            <span className="truncate font-mono font-semibold text-slate-100">
              {displaySymbol(holding.symbol)}
            </span>
            <span className="h-1.5 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-amber-400"
                style={{ width: `${Math.max(1, Math.min(100, holding.weight * 100))}%` }}
              />
            </span>
            <span className="text-right font-mono text-xs text-slate-300 tabular-nums">
              {formatUsdWhole(holding.value)} · {formatFraction(holding.weight)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-400">
        {portfolio.positions} positions{more > 0 ? `, ${more} more not shown` : ''} · from your saved
        portfolio
      </p>
    </Panel>
  );
}
