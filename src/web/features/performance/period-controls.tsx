import { useId, useState, type FormEvent } from 'react';
import {
  BASE_CURRENCIES,
  PERFORMANCE_MESSAGES,
  ZBaseCurrency,
  ZPerformanceQuery,
  type BaseCurrency,
} from '../../../contracts/performance';
import { PERIOD_RANGES } from '../../../domain/performance/periods';
import { Button } from '../../components/ui/button';
import { FieldError } from '../../components/ui/field-error';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { useBaseCurrency, useSetBaseCurrency } from './base-currency';
import type { PerformanceRequest } from './get-performance';
import { RangeButtons } from './range-buttons';

const ZBenchmark = ZPerformanceQuery.shape.benchmark.unwrap();

function CustomDates({
  request,
  onChange,
}: {
  request: PerformanceRequest;
  onChange: (request: PerformanceRequest) => void;
}) {
  const [from, setFrom] = useState(request.from ?? '');
  const [to, setTo] = useState(request.to ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const fromId = useId();
  const toId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from === '' || to === '') {
      setError(PERFORMANCE_MESSAGES.datesTogether);
      return;
    }
    setError(null);
    onChange({ from, to, benchmark: request.benchmark });
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label="From–to dates">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fromId}>From</Label>
          <Input
            id={fromId}
            type="date"
            className="w-40"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={toId}>To</Label>
          <Input
            id={toId}
            type="date"
            className="w-40"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <Button type="submit" variant="outline">
          Show these dates
        </Button>
      </div>
      <FieldError id={errorId} message={error ?? undefined} />
    </form>
  );
}

function BenchmarkField({
  request,
  onChange,
}: {
  request: PerformanceRequest;
  onChange: (request: PerformanceRequest) => void;
}) {
  const [value, setValue] = useState(request.benchmark === 'none' ? '' : request.benchmark);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(null);
      onChange({ ...request, benchmark: 'none' });
      return;
    }
    const parsed = ZBenchmark.safeParse(value.trim());
    if (!parsed.success) {
      setError(PERFORMANCE_MESSAGES.benchmarkInvalid);
      return;
    }
    setError(null);
    setValue(parsed.data);
    onChange({ ...request, benchmark: parsed.data });
  };
  return (
    <form className="flex flex-col gap-1.5" onSubmit={submit} noValidate>
      <Label htmlFor={inputId}>Benchmark</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          className="w-32 uppercase"
          value={value}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        />
        <Button type="submit" variant="outline">
          Compare
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        A ticker, SPY unless you choose another; empty for none.
      </p>
      <FieldError id={errorId} message={error ?? undefined} />
    </form>
  );
}

function BaseCurrencySelect({ shown }: { shown: BaseCurrency | undefined }) {
  const baseCurrency = useBaseCurrency();
  const setBaseCurrency = useSetBaseCurrency();
  const selectId = useId();
  const hintId = useId();
  const current = setBaseCurrency.isPending
    ? setBaseCurrency.variables
    : (baseCurrency.data?.currency ?? shown);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={selectId}>Base currency</Label>
      <NativeSelect
        id={selectId}
        className="w-32"
        value={current ?? ''}
        disabled={current === undefined || setBaseCurrency.isPending}
        aria-describedby={hintId}
        onChange={(event) => {
          const parsed = ZBaseCurrency.safeParse(event.target.value);
          if (parsed.success) setBaseCurrency.mutate(parsed.data);
        }}
      >
        {current === undefined ? <option value="">…</option> : null}
        {BASE_CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-xs text-muted-foreground">
        Saved for all your portfolios.
      </p>
    </div>
  );
}

/**
 * The period (1D ... Max, or from–to dates), the benchmark and the base currency of the Performance view. The
 * period and the benchmark belong to this visit; the base currency is saved (PUT /api/performance/base-currency).
 */
export function PeriodControls({
  request,
  onChange,
  currency,
}: {
  request: PerformanceRequest;
  onChange: (request: PerformanceRequest) => void;
  /** The answer's currency, shown until the setting has loaded. */
  currency: BaseCurrency | undefined;
}) {
  const groupLabelId = useId();
  const isCustom = request.from !== undefined;
  const [showDates, setShowDates] = useState(isCustom);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <span id={groupLabelId} className="text-sm font-medium">
          Period
        </span>
        <RangeButtons
          labelId={groupLabelId}
          ranges={PERIOD_RANGES}
          selected={isCustom || showDates ? null : (request.range ?? null)}
          onSelect={(range) => {
            setShowDates(false);
            onChange({ range, benchmark: request.benchmark });
          }}
        >
          <Button
            type="button"
            size="sm"
            variant={isCustom || showDates ? 'default' : 'outline'}
            aria-pressed={isCustom || showDates}
            onClick={() => setShowDates(true)}
          >
            From–to
          </Button>
        </RangeButtons>
      </div>
      {showDates ? <CustomDates request={request} onChange={onChange} /> : null}
      <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
        <BenchmarkField request={request} onChange={onChange} />
        <BaseCurrencySelect shown={currency} />
      </div>
    </div>
  );
}
