import type { UseQueryResult } from '@tanstack/react-query';
import type { QuoteResponse } from '../../../contracts/market-data';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { displaySymbol } from '../../../domain/symbol-kind';
import { errorCode, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatSignedPercent, formatUsd, toneTextClass } from '../../lib/format';
import { QUOTE_SOURCE_LABELS } from '../../lib/quote';
import { formatPrice, formatQuantity } from './format';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';

/**
 * The current quote of the symbol being typed (already debounced; the key, `CRYPTO:BTC` for a coin), with where
 * it came from. The symbol is written as people write it (`BTC`).
 */
export function LiveQuote({
  symbol,
  quantity,
  quote,
}: {
  symbol: string;
  quantity: number;
  /** The quote query of `symbol` (the trade form's, so the order and the price shown are of one answer). */
  quote: UseQueryResult<QuoteResponse>;
}) {
  const shown = displaySymbol(symbol);
  if (symbol === '') {
    return <p className="text-sm text-muted-foreground">Type a symbol to see its current price.</p>;
  }
  if (quote.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        <span>Getting a quote for {shown}…</span>
      </div>
    );
  }
  if (quote.isError) {
    // Not found: the form says why under Execute Trade (the server's 'Unknown symbol' names the key).
    return (
      <p className="text-sm text-muted-foreground">
        {errorCode(quote.error) === 'NOT_FOUND'
          ? `No quote for ${shown}.`
          : `No quote for ${shown}: ${errorMessage(quote.error, 'prices are not available right now.')}`}
      </p>
    );
  }
  const { data } = quote;
  const estimated = Number.isInteger(quantity) && quantity > 0 ? data.currentPrice * quantity : null;
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">{displaySymbol(data.symbol)}</span>
        <span className="text-muted-foreground">{data.name}</span>
        {data.source === 'simulated' ? (
          <SimulatedPricesBadge />
        ) : (
          <Badge variant="outline">{QUOTE_SOURCE_LABELS[data.source]}</Badge>
        )}
      </div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-bold tabular-nums">{formatPrice(data.currentPrice)}</span>
        <span className={cn('tabular-nums', toneTextClass(data.changePercent))}>
          {formatSignedPercent(data.changePercent)} today
        </span>
      </p>
      {estimated !== null ? (
        <p className="text-muted-foreground">
          Estimated total for {formatQuantity(data.symbol, quantity)}:{' '}
          <span className="font-medium text-foreground tabular-nums">{formatUsd(estimated)}</span> (filled at
          the quote when you execute)
        </p>
      ) : null}
    </div>
  );
}
