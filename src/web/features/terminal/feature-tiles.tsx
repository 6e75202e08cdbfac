import { Activity, CalendarDays, CandlestickChart, ShieldAlert, type LucideIcon } from 'lucide-react';

interface Tile {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const TERMINAL_FEATURES: readonly Tile[] = [
  {
    icon: Activity,
    title: 'Live market dashboard',
    text: 'SPY, QQQ, IWM, VIX and four mega-caps, refreshed every 30 s, each quote with its source.',
  },
  {
    icon: CandlestickChart,
    title: 'Price charts',
    text: 'Daily candlesticks and volume over 1M, 6M, 1Y or 5Y for any dashboard symbol.',
  },
  {
    icon: ShieldAlert,
    title: 'Risk analytics',
    text: 'Volatility, beta to SPY, maximum drawdown, Sharpe and correlation from a year of history.',
  },
  {
    icon: CalendarDays,
    title: 'Calendar & news',
    text: 'Economic releases and headlines from your data vendor when it supplies them.',
  },
];

/** What the terminal offers, as a strip of dense tiles. */
export function FeatureTiles({ className }: { className?: string }) {
  return (
    <ul className={className} aria-label="Terminal features">
      {TERMINAL_FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-md border border-slate-800 bg-[#111827] p-3">
          <Icon className="mt-0.5 size-5 shrink-0 text-amber-400" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-100">{title}</p>
            <p className="text-xs text-slate-400">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
