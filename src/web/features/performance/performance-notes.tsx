import type { PerformanceApproximation, PerformanceResponse } from '../../../contracts/performance';
import { Badge } from '../../components/ui/badge';
import {
  SIMULATED_SOURCES_NOTE,
  approximationParts,
  approximationText,
  formatDay,
  hasSimulatedSource,
  periodSentence,
  sourceLines,
} from '../../../contracts/performance-text';

/** The period as answered: its two closes, and why it differs from the one asked for. */
export function PeriodLine({ data }: { data: PerformanceResponse }) {
  const { period } = data;
  return (
    <div className="flex flex-col gap-1 text-sm text-muted-foreground" data-testid="period">
      <p>{periodSentence(data)}</p>
      {period.startsBeforeHistory ? (
        <p>The history begins later than this period: it starts the day before the first activity.</p>
      ) : null}
      {period.endsAfterAsOf ? <p>It ends on {formatDay(data.asOf)}, the last day with figures.</p> : null}
    </div>
  );
}

const SHOWN_APPROXIMATIONS = 5;

function ApproximationList({
  approximations,
  rates,
  testId,
}: {
  approximations: readonly PerformanceApproximation[];
  rates: ReadonlySet<string>;
  testId: string;
}) {
  return (
    <ul className="list-disc pl-5 break-words text-muted-foreground" data-testid={testId}>
      {approximations.map((approximation) => {
        const isRate = rates.has(approximation.subject);
        const { what, days } = approximationParts(approximation, isRate);
        return (
          <li key={approximationText(approximation, isRate)}>
            {what},{' '}
            {days.map((day, i) => (
              <span key={day}>
                {i > 0 ? ' to ' : null}
                <span className="whitespace-nowrap">{day}</span>
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Where the figures came from, said: the days valued without a price (or rate) of their own, the source of each
 * symbol's closes and each currency's rates ('Simulated' when the simulator served them), and the date of the
 * figures.
 */
export function PerformanceNotes({ data }: { data: PerformanceResponse }) {
  const rates = new Set(Object.keys(data.sources.fx));
  const sources = sourceLines(data.sources);
  // A long history has many such days (each market holiday, say): the first few, and the rest on request.
  const cut = data.approximations.length > SHOWN_APPROXIMATIONS + 1 ? SHOWN_APPROXIMATIONS : Infinity;
  const shown = data.approximations.slice(0, cut);
  const rest = data.approximations.slice(cut);
  return (
    <div className="flex flex-col gap-4 text-sm">
      {data.approximations.length > 0 ? (
        <section aria-label="Approximations" className="flex flex-col gap-1.5">
          <h3 className="font-semibold">Days valued without a price of their own</h3>
          <ApproximationList approximations={shown} rates={rates} testId="approximations" />
          {rest.length > 0 ? (
            <details>
              <summary className="cursor-pointer font-medium text-primary">Show {rest.length} more</summary>
              <ApproximationList approximations={rest} rates={rates} testId="approximations-more" />
            </details>
          ) : null}
        </section>
      ) : null}
      <section aria-label="Sources" className="flex flex-col gap-1.5">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          Sources
          {hasSimulatedSource(data.sources) ? <Badge variant="warning">Simulated</Badge> : null}
        </h3>
        {sources.length > 0 ? (
          <ul className="list-disc pl-5 break-words text-muted-foreground" data-testid="sources">
            {sources.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">No prices were needed.</p>
        )}
        {hasSimulatedSource(data.sources) ? (
          <p className="text-muted-foreground">{SIMULATED_SOURCES_NOTE}</p>
        ) : null}
        <p className="text-muted-foreground" data-testid="as-of">
          Figures as of {formatDay(data.asOf)}.
        </p>
      </section>
    </div>
  );
}
