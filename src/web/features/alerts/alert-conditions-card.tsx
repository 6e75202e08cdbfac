import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { AlertCondition } from '../../../contracts/alerts';
import { AppError } from '../../../contracts/errors';
import {
  ALERT_CONDITION_TYPES,
  ALERT_MESSAGES,
  conditionNeedsSymbol,
  isPercentCondition,
  type AlertConditionType,
} from '../../../domain/alerts';
import { displaySymbol } from '../../../domain/symbol-kind';
import { symbolKeyOf, symbolKindOf, type SymbolKind } from '../../../domain/symbol-kind';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { SymbolKindField } from '../../components/symbol-kind-field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api-client';
import { formatPercent, formatUsd } from '../../lib/format';
import { clientPortfolioName } from '../../../domain/clients';
import { useAlertConditions } from './get-alert-conditions';
import type { AlertsPortfolio } from './query-keys';
import { useSaveAlertConditions } from './save-alert-conditions';

const TYPE_LABELS: Record<AlertConditionType, string> = {
  price_above: 'Price above',
  price_below: 'Price below',
  percent_change: 'Daily change (%)',
  portfolio_value: 'Portfolio value above',
  gain_loss: 'Gain or loss since last snapshot',
};

/** A symbol as people read it: 'AAPL', and a coin 'BTC (crypto)', never the internal key 'CRYPTO:BTC'. */
function shownSymbol(symbol: string | null): string {
  if (symbol === null) return '';
  return symbolKindOf(symbol) === 'crypto' ? `${displaySymbol(symbol)} (crypto)` : symbol;
}

function describeCondition(condition: AlertCondition): string {
  const threshold = isPercentCondition(condition.type)
    ? formatPercent(condition.threshold)
    : formatUsd(condition.threshold);
  const symbol = shownSymbol(condition.symbol);
  switch (condition.type) {
    case 'price_above':
      return `${symbol} at or above ${threshold}`;
    case 'price_below':
      return `${symbol} at or below ${threshold}`;
    case 'percent_change':
      return `${symbol} moves ${threshold} or more in a day`;
    case 'portfolio_value':
      return `Portfolio worth ${threshold} or more`;
    case 'gain_loss':
      return `Portfolio up or down ${threshold} since the last snapshot`;
  }
}

/** The saved list as it is sent back: ids kept, so unchanged conditions keep their state. */
const asInput = (conditions: readonly AlertCondition[]) =>
  conditions.map(({ id, type, symbol, threshold, enabled }) => ({ id, type, symbol, threshold, enabled }));

/**
 * 'Custom Alert Conditions' (spec 000 §2, §4, §5): a form to add one (type, symbol for the three symbol types,
 * threshold above 0) and the list, where each can be enabled, disabled or removed; every change saves the whole
 * list (POST /api/alerts/conditions).
 */
export function AlertConditionsCard({
  portfolio,
  clientName,
}: {
  portfolio: AlertsPortfolio;
  /** The client's name when the portfolio is a client's; null for the user's own. */
  clientName: string | null;
}) {
  const headingId = useId();
  const formId = useId();
  const conditions = useAlertConditions(portfolio);
  const save = useSaveAlertConditions(portfolio);
  // Spec 000 §9: a new alert starts as price_above with threshold 0.
  const [type, setType] = useState<AlertConditionType>('price_above');
  const [symbol, setSymbol] = useState('');
  // Stock or crypto is asked, not guessed: 'BTC' the coin and a ticker 'BTC' are different things.
  const [kind, setKind] = useState<SymbolKind>('stock');
  const [symbolError, setSymbolError] = useState<string | null>(null);
  const [threshold, setThreshold] = useState('0');
  const saved = conditions.data?.conditions ?? [];
  const needsSymbol = conditionNeedsSymbol(type);

  function addCondition(event: FormEvent) {
    event.preventDefault();
    const value = Number(threshold);
    if (threshold.trim() === '' || !Number.isFinite(value) || value <= 0) {
      toast({
        title: ALERT_MESSAGES.invalidThresholdTitle,
        description: ALERT_MESSAGES.invalidThreshold,
        variant: 'destructive',
      });
      return;
    }
    if (needsSymbol && symbol.trim() === '') {
      toast({ title: 'Missing Symbol', description: ALERT_MESSAGES.symbolRequired, variant: 'destructive' });
      return;
    }
    const added = {
      type,
      symbol: needsSymbol ? symbolKeyOf(kind, symbol) : null,
      threshold: value,
      enabled: true,
    };
    setSymbolError(null);
    save.mutate(
      { conditions: [...asInput(saved), added], savedToast: true },
      {
        onSuccess: () => {
          setSymbol('');
          setThreshold('0');
        },
        onError: (error) => {
          if (error instanceof AppError && error.fields?.symbol) setSymbolError(error.fields.symbol);
        },
      },
    );
  }

  function saveList(next: ReturnType<typeof asInput>) {
    save.mutate({ conditions: next, savedToast: false });
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          Custom Alert Conditions
        </h3>
        <CardDescription>
          Get an alert when a price or{' '}
          {clientName === null ? 'your saved portfolio' : clientPortfolioName(clientName)} crosses a line you
          set. Each condition fires once when it becomes true, and again only after it has been false.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        <form
          onSubmit={addCondition}
          className="grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,15rem)_auto_minmax(0,9rem)_minmax(0,9rem)_auto] lg:justify-start"
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${formId}-type`}>Alert type</Label>
            <Select value={type} onValueChange={(value) => setType(value as AlertConditionType)}>
              <SelectTrigger id={`${formId}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ALERT_CONDITION_TYPES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {TYPE_LABELS[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {needsSymbol ? (
            <SymbolKindField
              name={`${formId}-kind`}
              value={kind}
              onChange={(option) => {
                setKind(option);
                setSymbolError(null);
              }}
            />
          ) : null}
          {needsSymbol ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${formId}-symbol`}>Symbol</Label>
              <Input
                id={`${formId}-symbol`}
                value={symbol}
                onChange={(event) => {
                  setSymbol(event.target.value.toUpperCase());
                  setSymbolError(null);
                }}
                placeholder={kind === 'crypto' ? 'e.g. BTC' : 'e.g. AAPL'}
                maxLength={20}
                autoCapitalize="characters"
                aria-invalid={symbolError !== null || undefined}
                aria-describedby={symbolError ? `${formId}-symbol-error` : undefined}
              />
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${formId}-threshold`}>
              {isPercentCondition(type) ? 'Threshold (%)' : 'Threshold ($)'}
            </Label>
            <Input
              id={`${formId}-threshold`}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={save.isPending}>
            <Plus aria-hidden="true" />
            Add Alert
          </Button>
          {needsSymbol && symbolError ? (
            <p
              id={`${formId}-symbol-error`}
              className="text-sm break-words text-destructive sm:col-span-full"
              data-testid="alert-symbol-error"
            >
              {symbolError}
            </p>
          ) : null}
        </form>

        {conditions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : conditions.isError ? (
          <p className="text-sm text-muted-foreground">
            {errorMessage(conditions.error, 'Your alert conditions are not available right now.')}
          </p>
        ) : saved.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-alert-conditions">
            No alert conditions yet. Add one above.
          </p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Alert conditions">
            {saved.map((condition, index) => {
              const checkboxId = `${formId}-enabled-${condition.id}`;
              return (
                <li key={condition.id} className="flex items-center gap-3 px-3 py-2.5">
                  <Checkbox
                    id={checkboxId}
                    checked={condition.enabled}
                    disabled={save.isPending}
                    onCheckedChange={(checked) =>
                      saveList(
                        asInput(saved).map((c, i) => (i === index ? { ...c, enabled: checked === true } : c)),
                      )
                    }
                  />
                  <Label
                    htmlFor={checkboxId}
                    className={`min-w-0 flex-1 break-words font-normal ${condition.enabled ? '' : 'text-muted-foreground line-through'}`}
                  >
                    <span className="block text-xs font-medium text-muted-foreground">
                      {TYPE_LABELS[condition.type]}
                    </span>
                    {describeCondition(condition)}
                  </Label>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove alert: ${describeCondition(condition)}`}
                    disabled={save.isPending}
                    onClick={() => saveList(asInput(saved).filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
