import { useId, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { PaperPortfolio, PaperTrade } from '../../../contracts/paper-trading';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Balance } from './balances';
import { formatDateTime } from '../../lib/format';
import { formatMoney, formatPrice, formatSignedMoney, toneClass } from './format';
import { useTrades } from './get-trades';
import { useRefreshPaperTrading } from './use-refresh-paper-trading';

function TradeRow({ trade }: { trade: PaperTrade }) {
  const isBuy = trade.side === 'buy';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <Badge variant={isBuy ? 'success' : 'destructive'} className="mt-0.5 w-11 justify-center uppercase">
          {trade.side}
        </Badge>
        <div className="min-w-0">
          <p className="font-semibold">
            {isBuy ? 'Bought' : 'Sold'} {trade.quantity} {trade.symbol}
          </p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={trade.executedAt}>{formatDateTime(trade.executedAt)}</time>
          </p>
        </div>
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 pl-14 text-sm sm:flex-nowrap sm:pl-0 sm:text-right">
        <div className="flex flex-col">
          <dt className="text-muted-foreground">Price per share</dt>
          <dd className="font-medium tabular-nums" data-testid="trade-price">
            {formatPrice(trade.price)}
          </dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-muted-foreground">Total</dt>
          <dd className="font-semibold tabular-nums" data-testid="trade-total">
            <Balance>{formatMoney(trade.totalValue)}</Balance>
          </dd>
        </div>
        {trade.realizedPnl !== null ? (
          <div className="flex flex-col">
            <dt className="text-muted-foreground">Realized P&amp;L</dt>
            <dd className={cn('font-medium tabular-nums', toneClass(trade.realizedPnl))}>
              <Balance>{formatSignedMoney(trade.realizedPnl)}</Balance>
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

/** Spec 001 "History": the selected portfolio's trades, newest first, and a Refresh button. */
export function TradeHistory({ portfolio }: { portfolio: PaperPortfolio | undefined }) {
  const headingId = useId();
  const trades = useTrades(portfolio?.id);
  const refreshAll = useRefreshPaperTrading();
  const [isRefreshing, setIsRefreshing] = useState(false);

  const refresh = () => {
    setIsRefreshing(true);
    void refreshAll().finally(() => setIsRefreshing(false));
  };

  const list = [...(trades.data ?? [])].sort((a, b) => b.executedAt.localeCompare(a.executedAt));

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            Trade History
          </h2>
          {portfolio ? <CardDescription className="break-words">{portfolio.name}</CardDescription> : null}
        </div>
        <Button variant="outline" onClick={refresh} disabled={isRefreshing}>
          <RefreshCw className={cn(isRefreshing && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {!portfolio ? (
          <p className="text-sm text-muted-foreground">
            No trades yet. Start trading to see your history here.
          </p>
        ) : trades.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <span className="sr-only">Loading trades</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : trades.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {errorMessage(trades.error, 'Could not load your trades.')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No trades yet. Start trading to see your history here.
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Trades, newest first">
            {list.map((trade) => (
              <TradeRow key={trade.id} trade={trade} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
