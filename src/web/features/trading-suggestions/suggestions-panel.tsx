import { useId, useState } from 'react';
import { Bot, Sparkles } from 'lucide-react';
import {
  DEFAULT_SUGGESTION_PREFERENCES,
  INVESTMENT_GOALS,
  RISK_TOLERANCES,
  type InvestmentGoal,
  type RiskTolerance,
} from '../../../domain/trading-suggestions';
import { TIME_HORIZONS, timeHorizonOption, type TimeHorizon } from '../../../domain/time-horizon';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { serverMessage } from '../../lib/api-client';
import { useEntitlement } from '../../lib/entitlement';
import { useSession } from '../../lib/session';
import { useGenerateSuggestions } from './generate-suggestions';
import { useSuggestions } from './get-suggestions';
import { SuggestionCard } from './suggestion-card';
import { useUpdateSuggestion } from './update-suggestion';
import { SuggestionsUpsellCard } from './upsell-card';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The AI Trading Suggestions panel (spec 000 §2 "Other views", §4): premium and professional plans generate
 * suggestions for the analyzer's portfolio and see them; everyone else sees the upsell card and sends nothing.
 */
export function TradingSuggestionsPanel({ portfolio }: { portfolio: Readonly<Record<string, number>> }) {
  const session = useSession();
  const user = session.user;
  const isPaid = useEntitlement('ai-trading-suggestions');
  const id = useId();
  const [riskTolerance, setRiskTolerance] = useState<RiskTolerance>(
    DEFAULT_SUGGESTION_PREFERENCES.riskTolerance,
  );
  const [timeHorizon, setTimeHorizon] = useState<TimeHorizon>(DEFAULT_SUGGESTION_PREFERENCES.timeHorizon);
  const [goals, setGoals] = useState<InvestmentGoal[]>([...DEFAULT_SUGGESTION_PREFERENCES.investmentGoals]);
  const userId = user?.id ?? '';
  const suggestions = useSuggestions(userId, isPaid);
  const generate = useGenerateSuggestions(userId);
  const update = useUpdateSuggestion(userId);
  const isEmpty = Object.keys(portfolio).length === 0;

  const toggleGoal = (goal: InvestmentGoal, checked: boolean) =>
    setGoals((current) =>
      checked
        ? INVESTMENT_GOALS.filter((g) => g === goal || current.includes(g))
        : current.filter((g) => g !== goal),
    );

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Bot className="size-5 text-primary" aria-hidden="true" />
          AI Trading Suggestions
        </h2>
        <CardDescription>
          Ideas computed from your holdings against a target mix for your risk tolerance and horizon.
          Educational, not financial advice.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5 p-4 pt-0 sm:p-6 sm:pt-0">
        {session.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : !isPaid ? (
          <SuggestionsUpsellCard signedIn={user !== null} />
        ) : (
          <>
            <form
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                generate.mutate({
                  portfolio: { ...portfolio },
                  riskTolerance,
                  investmentGoals: goals,
                  timeHorizon,
                });
              }}
            >
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-risk`}>Risk tolerance</Label>
                <Select value={riskTolerance} onValueChange={(v) => setRiskTolerance(v as RiskTolerance)}>
                  <SelectTrigger id={`${id}-risk`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {RISK_TOLERANCES.map((r) => (
                      <SelectItem key={r} value={r}>
                        {capitalised(r)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-horizon`}>Time horizon</Label>
                <Select value={timeHorizon} onValueChange={(v) => setTimeHorizon(v as TimeHorizon)}>
                  <SelectTrigger id={`${id}-horizon`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TIME_HORIZONS.map((h) => (
                      <SelectItem key={h} value={h}>
                        {timeHorizonOption(h)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <fieldset className="flex flex-col gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">Goals</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-2 lg:h-10 lg:items-center">
                  {INVESTMENT_GOALS.map((goal) => (
                    <div key={goal} className="flex items-center gap-2">
                      <Checkbox
                        id={`${id}-goal-${goal}`}
                        checked={goals.includes(goal)}
                        onCheckedChange={(checked) => toggleGoal(goal, checked === true)}
                      />
                      <Label htmlFor={`${id}-goal-${goal}`} className="font-normal">
                        {capitalised(goal)}
                      </Label>
                    </div>
                  ))}
                </div>
              </fieldset>
              <Button type="submit" disabled={isEmpty || goals.length === 0 || generate.isPending}>
                <Sparkles aria-hidden="true" />
                {generate.isPending ? 'Generating…' : 'Generate Suggestions'}
              </Button>
            </form>
            {isEmpty ? (
              <p className="text-sm text-muted-foreground">
                Add holdings above to generate suggestions for them.
              </p>
            ) : null}
            {suggestions.isPending ? (
              <Skeleton className="h-32 w-full" />
            ) : suggestions.isError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>
                  {serverMessage(suggestions.error, 'Your suggestions could not be loaded.')}
                </AlertDescription>
              </Alert>
            ) : suggestions.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
                No suggestions yet. Choose your preferences and generate them.
              </p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Trading suggestions">
                {suggestions.data.map((suggestion) => (
                  <SuggestionCard
                    key={suggestion.id}
                    suggestion={suggestion}
                    isUpdating={update.isPending && update.variables.id === suggestion.id}
                    onDismiss={() => update.mutate({ id: suggestion.id, action: 'dismiss' })}
                    onExecute={() => update.mutate({ id: suggestion.id, action: 'execute' })}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
