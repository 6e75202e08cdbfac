import { useId, type ReactNode } from 'react';
import { FlaskConical, Info } from 'lucide-react';
import type { MarketDataSourceName } from '../../../contracts/market-data';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { SOURCE_LABELS } from './format';

export interface PanelProps {
  title: string;
  /** Right of the title: badges, buttons. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A dense dark terminal panel: a labelled region with an amber title bar. */
export function Panel({ title, actions, className, children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-w-0 flex-col rounded-md border border-slate-800 bg-[#111827]', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-800 px-3 py-2">
        <h2 id={headingId} className="text-xs font-bold tracking-widest text-amber-400 uppercase">
          {title}
        </h2>
        {actions}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-3">{children}</div>
    </section>
  );
}

/** Where a number came from, in small caps. */
export function SourceTag({ source }: { source: MarketDataSourceName }) {
  return (
    <span className="rounded border border-slate-700 px-1.5 py-0.5 text-[11px] leading-none font-medium text-slate-300">
      {SOURCE_LABELS[source]}
    </span>
  );
}

/** The 'Simulated prices' badge (DESIGN.md "Data sources are honest"). */
export function SimulatedBadge() {
  return (
    <Tooltip content="No market data provider answered, so prices come from Foliowise's offline simulator. They are not real quotes.">
      <button
        type="button"
        className="inline-flex cursor-help items-center gap-1 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-950"
      >
        <Info className="size-3" aria-hidden="true" />
        Simulated prices
      </button>
    </Tooltip>
  );
}

/** The 'Sample' badge of an illustrative list. */
export function SampleBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-300 px-2 py-0.5 text-xs font-semibold text-slate-950">
      <FlaskConical className="size-3" aria-hidden="true" />
      Sample
    </span>
  );
}

/** A horizontally scrollable table wrapper that keyboard users can focus and scroll (axe: scrollable-region-focusable). */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- keyboard access to a scrollable region
      tabIndex={0}
      className={cn('-mx-3 overflow-x-auto', className)}
    >
      {children}
    </div>
  );
}
