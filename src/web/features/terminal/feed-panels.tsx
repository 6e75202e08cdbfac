import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import type { CalendarItem, TerminalCalendar, TerminalNews } from '../../../contracts/terminal';
import { cn } from '../../lib/cn';
import { FEED_SOURCE_LABELS, formatWhen } from './format';
import { Panel, SampleBadge } from './panel';

const IMPORTANCE: Readonly<Record<CalendarItem['importance'], { label: string; className: string }>> = {
  high: { label: 'High', className: 'border-red-400/60 text-red-300' },
  medium: { label: 'Medium', className: 'border-amber-400/60 text-amber-300' },
  low: { label: 'Low', className: 'border-slate-500 text-slate-300' },
};

/** Why the list is a sample; `children` say which vendors would replace it. */
function SampleNote({ what, children }: { what: string; children: ReactNode }) {
  return (
    <p className="mb-2 rounded border border-sky-300/30 bg-sky-300/10 px-2 py-1.5 text-xs text-sky-100">
      Illustrative list, not market data: no data vendor supplied {what}. {children}
    </p>
  );
}

/** Where a user adds their own vendor keys. */
function ApiSettingsLink() {
  return (
    <Link href="/api-settings" className="font-semibold underline underline-offset-2 hover:text-white">
      API settings
    </Link>
  );
}

/** Which vendor the list came from, or the Sample badge. */
function SourceLine({ source }: { source: TerminalCalendar['source'] }) {
  return source === 'sample' ? (
    <SampleBadge />
  ) : (
    <span className="text-xs text-slate-300">Source: {FEED_SOURCE_LABELS[source]}</span>
  );
}

function when(item: CalendarItem): string {
  return item.date ? formatWhen(item.date) : (item.timing ?? '');
}

/** Economic calendar: a vendor's, or the labelled sample. */
export function EconomicCalendar({
  calendar,
  className,
}: {
  calendar: TerminalCalendar;
  className?: string;
}) {
  return (
    <Panel title="Economic calendar" className={className} actions={<SourceLine source={calendar.source} />}>
      {calendar.source === 'sample' ? (
        <SampleNote what="an economic calendar">
          A Financial Modeling Prep key whose plan includes it, added in <ApiSettingsLink />, brings the real
          one.
        </SampleNote>
      ) : null}
      <ul className="flex flex-col divide-y divide-slate-800">
        {calendar.items.map((item, i) => {
          const importance = IMPORTANCE[item.importance];
          const figures = [
            item.actual ? `Actual ${item.actual}` : null,
            item.forecast ? `Forecast ${item.forecast}` : null,
            item.previous ? `Previous ${item.previous}` : null,
          ].filter(Boolean);
          return (
            <li key={`${item.title}-${i}`} className="flex items-start justify-between gap-2 py-1.5">
              <div className="min-w-0">
                <p className="text-sm text-slate-100">{item.title}</p>
                <p className="text-xs text-slate-400">
                  {item.country} · {when(item)}
                  {figures.length > 0 ? ` · ${figures.join(' · ')}` : ''}
                </p>
              </div>
              <span
                className={cn(
                  'shrink-0 rounded border px-1.5 py-0.5 text-[11px] font-semibold',
                  importance.className,
                )}
              >
                {importance.label}
                <span className="sr-only"> importance</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/** Market news: a vendor's, or the labelled sample. */
export function MarketNews({ news, className }: { news: TerminalNews; className?: string }) {
  return (
    <Panel title="News" className={className} actions={<SourceLine source={news.source} />}>
      {news.source === 'sample' ? (
        <SampleNote what="news">
          A Financial Modeling Prep, Polygon or Alpha Vantage key, added in <ApiSettingsLink />, brings real
          headlines.
        </SampleNote>
      ) : null}
      <ul className="flex flex-col divide-y divide-slate-800">
        {news.items.map((item, i) => (
          <li key={`${item.title}-${i}`} className="py-1.5">
            {item.url ? (
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-start gap-1 text-sm text-slate-100 underline-offset-2 hover:text-amber-300 hover:underline"
              >
                {item.title}
                <ExternalLink className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <p className="text-sm text-slate-100">{item.title}</p>
            )}
            <p className="text-xs text-slate-400">
              {item.publisher}
              {item.publishedAt ? ` · ${formatWhen(item.publishedAt)}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
