import { useId, useMemo, type ReactNode } from 'react';
import { CircleAlert, Info, Loader2, RefreshCw } from 'lucide-react';
import {
  CALCULATOR_ASSETS,
  FEE_STEP,
  FLAT_FEE_STEP,
  PRESET_TARGETS,
  TAX_STEP,
  assetLabel,
  computeTradeResult,
  priceStep,
  quantityStep,
  sanitizeNumber,
} from '../../../domain/calculator';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/cn';
import { QUOTE_SOURCE_LABELS, type QuoteQuery } from '../../lib/quote';
import { ResultCards } from './result-cards';
import type { CalculatorStateApi, NumericField } from './use-calculator-state';
import { useLivePrice, type FilledPrice } from './use-live-price';

interface NumberFieldProps {
  field: NumericField;
  label: string;
  value: string;
  step: number;
  onChange: (field: NumericField, value: string) => void;
  /** Controls beside the input (the 'Live Price' button). */
  action?: ReactNode;
  className?: string;
  describedBy?: string;
  /** Shown under the field, which is then marked invalid. */
  error?: string | undefined;
  /** Shown under the field and read with it (where the live price came from). */
  hint?: ReactNode;
}

function NumberField({
  field,
  label,
  value,
  step,
  onChange,
  action,
  className,
  describedBy,
  error,
  hint,
}: NumberFieldProps) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  const described =
    [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={field}
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          value={value}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(field, event.target.value)}
          className="min-w-0 flex-1 tabular-nums"
        />
        {action}
      </div>
      {hint ? (
        <p id={hintId} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where the buy price filled by 'Live Price' came from; a simulated one says so (DESIGN.md "Data sources are honest"). */
function LivePriceSource({ filled }: { filled: FilledPrice }) {
  if (filled.source === 'simulated') {
    return (
      <>
        <Badge variant="warning">Simulated price</Badge>
        <span>
          No market data provider answered: this price is from Foliowise&apos;s simulator, not a quote.
        </span>
      </>
    );
  }
  return <span>Live price from {QUOTE_SOURCE_LABELS[filled.source]}.</span>;
}

/**
 * The calculator card: asset, position and costs on one side, the result cards on the other. `quoteQuery` is
 * market data's quote query, which the page passes in for the 'Live Price' action.
 */
export function CalculatorCard({
  calculator,
  quoteQuery,
}: {
  calculator: CalculatorStateApi;
  quoteQuery: QuoteQuery;
}) {
  const { fields, asset, inputs, errors, hasErrors, setField, setAsset, applyLivePrice } = calculator;
  const result = useMemo(() => computeTradeResult(inputs), [inputs]);
  const { fetchPrice, isFetching, filled } = useLivePrice(quoteQuery, applyLivePrice);
  // The label stays while the buy price is the one filled in, for the asset it was fetched for.
  const buyFilled =
    filled && filled.ticker === asset.ticker && sanitizeNumber(fields.buy) === filled.price ? filled : null;
  const assetId = useId();
  const presetsId = useId();
  const headingId = useId();
  const target = sanitizeNumber(fields.target);

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Your Trade
        </h2>
        <CardDescription>
          Results update as you type and are kept in this browser for your next visit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 p-4 pt-0 sm:p-6 sm:pt-0 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Label htmlFor={assetId}>Asset</Label>
            <Select value={asset.ticker} onValueChange={setAsset}>
              <SelectTrigger id={assetId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CALCULATOR_ASSETS.map((option) => (
                  <SelectItem key={option.ticker} value={option.ticker}>
                    {assetLabel(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          <NumberField
            field="qty"
            error={errors.qty}
            label="Quantity"
            className="lg:col-span-2"
            value={fields.qty}
            step={quantityStep(asset.decimals)}
            onChange={setField}
          />
          <NumberField
            field="buy"
            error={errors.buy}
            label="Buy Price ($)"
            className="lg:col-span-2"
            value={fields.buy}
            step={priceStep(sanitizeNumber(fields.buy))}
            onChange={setField}
            hint={buyFilled ? <LivePriceSource filled={buyFilled} /> : undefined}
            action={
              <Button
                variant="outline"
                onClick={() => fetchPrice(asset)}
                disabled={isFetching}
                className="shrink-0 px-3"
              >
                {isFetching ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <RefreshCw aria-hidden="true" />
                )}
                {isFetching ? 'Fetching...' : 'Live Price'}
              </Button>
            }
          />

          <div className="flex flex-col gap-2 sm:col-span-2">
            <NumberField
              field="target"
              error={errors.target}
              label="Target Price ($)"
              value={fields.target}
              step={priceStep(target)}
              onChange={setField}
            />
            <div role="group" aria-labelledby={presetsId} className="flex flex-wrap items-center gap-2">
              <span id={presetsId} className="w-full text-sm text-muted-foreground">
                Preset targets:
              </span>
              {PRESET_TARGETS.map((preset) => (
                <Button
                  key={preset}
                  size="sm"
                  variant={target === preset ? 'default' : 'outline'}
                  aria-pressed={target === preset}
                  onClick={() => setField('target', String(preset))}
                  className="min-w-11 px-2.5"
                >
                  ${preset}
                </Button>
              ))}
            </div>
          </div>

          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <NumberField
              field="feePct"
              error={errors.feePct}
              label="Fee per side (%)"
              value={fields.feePct}
              step={FEE_STEP}
              onChange={setField}
            />
            <NumberField
              field="flatFee"
              error={errors.flatFee}
              label="Flat fees ($ total)"
              value={fields.flatFee}
              step={FLAT_FEE_STEP}
              onChange={setField}
            />
            <NumberField
              field="taxPct"
              error={errors.taxPct}
              label="Tax on profit (%)"
              value={fields.taxPct}
              step={TAX_STEP}
              onChange={setField}
            />
          </div>
        </div>

        <section aria-label="Results" className="flex flex-col gap-4">
          {hasErrors ? (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <AlertDescription>Correct the highlighted fields to see your results.</AlertDescription>
            </Alert>
          ) : (
            <ResultCards result={result} />
          )}
          <p className="flex gap-2 rounded-lg bg-primary-soft p-3 text-sm text-primary-soft-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Every fee is counted once. The buy fee and half of the flat fees are part of your cost basis;
              the sell fee and the other half come out of your proceeds. At the break-even target price your
              profit before tax is exactly zero.
            </span>
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
