import { useId, useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import {
  MAX_QUESTION_LENGTH,
  RISK_TOLERANCES,
  TIME_HORIZONS,
  type AdviceRequest,
} from '../../../contracts/advisor';
import type { RiskTolerance } from '../../../domain/advisor/recommendation';
import { timeHorizonOption, type TimeHorizon } from '../../../domain/time-horizon';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

const RISK_LABELS: Readonly<Record<RiskTolerance, string>> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  aggressive: 'Aggressive',
};

/** A number field read as a decimal (spec 001 §5); empty or not a number: omitted. */
function readDecimal(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export interface AdvisorFormProps {
  isPending: boolean;
  onAsk: (request: AdviceRequest) => void;
  /** A recent question picked from the list fills the form. */
  preset?: { symbol: string; question: string; key: number };
}

/** Spec 001 "AI Financial Advisor": the form. Submit is off while the symbol or question is blank, or pending. */
export function AdvisorForm({ isPending, onAsk, preset }: AdvisorFormProps) {
  const id = useId();
  const [symbol, setSymbol] = useState('');
  const [question, setQuestion] = useState('');
  const [position, setPosition] = useState('');
  const [portfolioValue, setPortfolioValue] = useState('');
  const [riskTolerance, setRiskTolerance] = useState<RiskTolerance>('moderate');
  const [timeHorizon, setTimeHorizon] = useState<TimeHorizon>('medium');
  const [presetKey, setPresetKey] = useState<number | undefined>(undefined);
  if (preset && preset.key !== presetKey) {
    setPresetKey(preset.key);
    setSymbol(preset.symbol);
    setQuestion(preset.question);
  }

  const isBlank = symbol.trim() === '' || question.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank || isPending) return;
    const currentPosition = readDecimal(position);
    const value = readDecimal(portfolioValue);
    onAsk({
      symbol: symbol.trim().toUpperCase(),
      question: question.trim(),
      userContext: {
        riskTolerance,
        timeHorizon,
        ...(currentPosition !== undefined ? { currentPosition } : {}),
        ...(value !== undefined ? { portfolioValue: value } : {}),
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Ask the advisor">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-symbol`}>Stock symbol</Label>
          <Input
            id={`${id}-symbol`}
            value={symbol}
            onChange={(event) => setSymbol(event.target.value.toUpperCase())}
            placeholder="AAPL"
            maxLength={10}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-position`}>Current position (shares)</Label>
          <Input
            id={`${id}-position`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={position}
            onChange={(event) => setPosition(event.target.value)}
            placeholder="Optional"
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-question`}>Your question</Label>
        <textarea
          id={`${id}-question`}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          maxLength={MAX_QUESTION_LENGTH}
          rows={3}
          placeholder="Should I buy more shares, hold, or take some profit?"
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-portfolio`}>Portfolio value ($)</Label>
          <Input
            id={`${id}-portfolio`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={portfolioValue}
            onChange={(event) => setPortfolioValue(event.target.value)}
            placeholder="Optional"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-risk`}>Risk tolerance</Label>
          <Select value={riskTolerance} onValueChange={(value) => setRiskTolerance(value as RiskTolerance)}>
            <SelectTrigger id={`${id}-risk`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RISK_TOLERANCES.map((option) => (
                <SelectItem key={option} value={option}>
                  {RISK_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-horizon`}>Time horizon</Label>
          <Select value={timeHorizon} onValueChange={(value) => setTimeHorizon(value as TimeHorizon)}>
            <SelectTrigger id={`${id}-horizon`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIME_HORIZONS.map((option) => (
                <SelectItem key={option} value={option}>
                  {timeHorizonOption(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <Button
        type="submit"
        disabled={isBlank || isPending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        <Sparkles aria-hidden="true" />
        {isPending ? 'Analyzing...' : 'Get Advice'}
      </Button>
    </form>
  );
}
