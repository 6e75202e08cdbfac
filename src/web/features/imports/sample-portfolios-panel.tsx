import { useEffect, useId, useRef, useState } from 'react';
import { CircleCheck, Play, RotateCcw } from 'lucide-react';
import { SAMPLE_PORTFOLIOS, type SamplePortfolio } from '../../../domain/sample-portfolios';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { trackEvent } from '../../lib/analytics';
import type { ImportHandler } from './types';

/** Spec 000 §9: the sample load takes about 2 s. */
export const SAMPLE_LOAD_MS = 2000;
const PROGRESS_TICK_MS = 100;

type SampleState =
  | { kind: 'idle' }
  | { kind: 'loading'; sample: SamplePortfolio; progress: number }
  | { kind: 'loaded'; sample: SamplePortfolio };

function holdingsLine(sample: SamplePortfolio): string {
  return Object.entries(sample.holdings)
    .map(([symbol, quantity]) => `${symbol} ${quantity}`)
    .join(' · ');
}

/** The Sample tab: three portfolios, 'Try This' (idle -> loading -> loaded), 'Clear Sample' back to idle. */
export function SamplePortfoliosPanel({
  onImport,
  onClear,
}: {
  onImport: ImportHandler;
  onClear: () => void;
}) {
  const [state, setState] = useState<SampleState>({ kind: 'idle' });
  const timer = useRef<number | null>(null);
  const progressLabelId = useId();

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearInterval(timer.current);
    },
    [],
  );

  const start = (sample: SamplePortfolio) => {
    if (timer.current !== null) window.clearInterval(timer.current);
    trackEvent('try_sample_portfolio', { category: 'import', label: sample.id });
    let elapsed = 0;
    setState({ kind: 'loading', sample, progress: 0 });
    timer.current = window.setInterval(() => {
      elapsed += PROGRESS_TICK_MS;
      const progress = Math.min(100, Math.round((elapsed / SAMPLE_LOAD_MS) * 100));
      if (progress < 100) {
        setState({ kind: 'loading', sample, progress });
        return;
      }
      if (timer.current !== null) window.clearInterval(timer.current);
      timer.current = null;
      setState({ kind: 'loaded', sample });
      onImport(sample.holdings, 'sample');
    }, PROGRESS_TICK_MS);
  };

  const clear = () => {
    setState({ kind: 'idle' });
    onClear();
    toast({ title: 'Sample Cleared', description: 'The sample portfolio was removed.' });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Explore the analyzer with a ready-made portfolio. Samples are illustrations, not recommendations.
      </p>
      <div aria-live="polite">
        {state.kind === 'loading' ? (
          <div className="flex flex-col gap-2 rounded-lg border border-border p-4">
            <p className="text-sm font-medium" id={progressLabelId}>
              Loading {state.sample.name}…
            </p>
            <div
              role="progressbar"
              aria-labelledby={progressLabelId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${state.progress}%` }} />
            </div>
          </div>
        ) : null}
        {state.kind === 'loaded' ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-success/30 bg-success-soft p-4">
            <p className="flex items-center gap-2 text-sm text-success">
              <CircleCheck className="size-4" aria-hidden="true" />
              <span>
                <span className="font-semibold">{state.sample.name}</span> loaded
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={clear}>
              <RotateCcw aria-hidden="true" />
              Clear Sample
            </Button>
          </div>
        ) : null}
      </div>
      <ul className="flex flex-col gap-3">
        {SAMPLE_PORTFOLIOS.map((sample) => (
          <li
            key={sample.id}
            className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <h3 className="font-semibold">{sample.name}</h3>
              <p className="text-sm text-muted-foreground">{sample.description}</p>
              <p className="text-xs break-words text-muted-foreground">{holdingsLine(sample)}</p>
            </div>
            <Button
              size="sm"
              className="shrink-0 self-start sm:self-center"
              disabled={state.kind === 'loading'}
              aria-label={`Try This: ${sample.name}`}
              onClick={() => start(sample)}
            >
              <Play aria-hidden="true" />
              Try This
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
