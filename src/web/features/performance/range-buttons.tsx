import type { ReactNode } from 'react';
import type { PeriodRange } from '../../../domain/performance/periods';
import { RANGE_LABELS } from '../../../contracts/performance-text';
import { Button } from '../../components/ui/button';

/** A button for each of `ranges`, the `selected` one pressed, in a group named by `labelId`; `children` after them. */
export function RangeButtons({
  labelId,
  ranges,
  selected,
  onSelect,
  children,
}: {
  labelId: string;
  ranges: readonly PeriodRange[];
  selected: PeriodRange | null;
  onSelect: (range: PeriodRange) => void;
  children?: ReactNode;
}) {
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
      {ranges.map((range) => (
        <Button
          key={range}
          type="button"
          size="sm"
          variant={selected === range ? 'default' : 'outline'}
          aria-pressed={selected === range}
          title={RANGE_LABELS[range].title}
          className="min-w-12"
          onClick={() => onSelect(range)}
        >
          {RANGE_LABELS[range].text}
        </Button>
      ))}
      {children}
    </div>
  );
}
