import { Check, X } from 'lucide-react';
import type { TradingSuggestion } from '../../../contracts/trading-suggestions';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatSignedPercent, formatUsd, toneTextClass } from '../../lib/format';
import { MaskedText } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';

const TYPE_LABELS: Record<TradingSuggestion['suggestionType'], string> = {
  buy: 'Buy',
  sell: 'Sell',
  rebalance: 'Rebalance',
  options: 'Options',
};
const LEVEL_VARIANTS: Record<TradingSuggestion['priority'], BadgeVariant> = {
  high: 'destructive',
  medium: 'warning',
  low: 'secondary',
};
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One suggestion: what to do, why, its figures, and Dismiss / Mark as Executed. */
export function SuggestionCard({
  suggestion,
  onDismiss,
  onExecute,
  isUpdating,
}: {
  suggestion: TradingSuggestion;
  onDismiss: () => void;
  onExecute: () => void;
  isUpdating: boolean;
}) {
  const s = suggestion;
  const symbol = displaySymbol(s.symbol);
  const executed = s.status === 'executed';
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
      aria-label={`${symbol}: ${s.actionText}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base font-semibold">{symbol}</span>
        <Badge variant="outline">{TYPE_LABELS[s.suggestionType]}</Badge>
        {s.isNew ? <Badge>New</Badge> : null}
        {executed ? <Badge variant="success">Executed</Badge> : null}
        <Badge variant={LEVEL_VARIANTS[s.priority]}>{capitalised(s.priority)} priority</Badge>
        <Badge variant="outline">{capitalised(s.riskLevel)} risk</Badge>
      </div>
      <p className="font-medium break-words">
        <MaskedText text={s.actionText} />
      </p>
      <p className="text-sm break-words text-muted-foreground">{s.reasoning}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Current price</dt>
          <dd className="font-medium">
            {formatUsd(s.currentPrice)}
            {s.priceSource === 'simulated' ? (
              <span className="block text-xs font-normal text-warning-foreground">Simulated price</span>
            ) : null}
          </dd>
        </div>
        {s.targetPrice !== undefined ? (
          <div>
            <dt className="text-muted-foreground">Strike</dt>
            <dd className="font-medium">{formatUsd(s.targetPrice)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">Confidence</dt>
          <dd className="font-medium">{s.confidence}%</dd>
        </div>
        {s.potentialReturn !== undefined ? (
          <div>
            <dt className="text-muted-foreground">Past year (historical)</dt>
            <dd className={`font-medium ${toneTextClass(s.potentialReturn)}`}>
              {formatSignedPercent(s.potentialReturn)}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {s.reasoningSource === 'model'
            ? 'Reasoning worded by AI from the computed figures.'
            : 'Reasoning written by rules from the computed figures.'}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onDismiss} disabled={isUpdating}>
            <X aria-hidden="true" />
            Dismiss
          </Button>
          {executed ? null : (
            <Button size="sm" onClick={onExecute} disabled={isUpdating}>
              <Check aria-hidden="true" />
              Mark as Executed
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
