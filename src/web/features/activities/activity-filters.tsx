import { useId } from 'react';
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES, type ActivityType } from '../../../domain/activities/activity';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { isFiltered, NO_FILTER, type ActivityFilter } from './get-activities';

const ALL_TYPES = '';

/** Type, symbol and date range of the list; each change applies at once (the symbol after a pause in typing). */
export function ActivityFilters({
  filter,
  onChange,
}: {
  filter: ActivityFilter;
  onChange: (filter: ActivityFilter) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <legend className="sr-only">Filter the activities</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <NativeSelect
          id={`${id}-type`}
          value={filter.type ?? ALL_TYPES}
          onChange={(event) =>
            onChange({
              ...filter,
              type: event.target.value === ALL_TYPES ? null : (event.target.value as ActivityType),
            })
          }
        >
          <option value={ALL_TYPES}>All types</option>
          {ACTIVITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {ACTIVITY_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-symbol`}>Symbol</Label>
        <Input
          id={`${id}-symbol`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          value={filter.symbol}
          onChange={(event) => onChange({ ...filter, symbol: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filter.from}
          onChange={(event) => onChange({ ...filter, from: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filter.to}
          onChange={(event) => onChange({ ...filter, to: event.target.value })}
        />
      </div>
      <Button
        type="button"
        variant="outline"
        disabled={!isFiltered(filter)}
        onClick={() => onChange(NO_FILTER)}
        className="sm:col-span-2 lg:col-span-1"
      >
        Clear filters
      </Button>
    </fieldset>
  );
}
