import { useId, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import {
  PAPER_TRADES_MAX_LIMIT,
  type PaperPortfolio,
  type PaperTrade,
} from '../../../contracts/paper-trading';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Balance } from './balances';
import { formatDateTime, formatSignedUsd, toneTextClass } from '../../lib/format';
import { formatMoney, formatPrice } from './format';
import { useTrades } from './get-trades';
import { useRefreshPaperTrading } from './use-refresh-paper-trading';

function TradeRow({ trade, portfolioName }: { trade: PaperTrade; portfolioName: string | undefined }) {
  const isBuy = trade.side === 'buy';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <Badge variant={isBuy ? 'success' : 'destructive'} className="mt-0.5 w-11 justify-center uppercase">
          {trade.side}
        </Badge>
        <div className="min-w-0">
          <p className="font-semibold">
            {isBuy ? 'Bought' : 'Sold'} {trade.quantity} {displaySymbol(trade.symbol)}
          </p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={trade.executedAt}>{formatDateTime(trade.executedAt)}</time>
          </p>
          {portfolioName !== undefined ? (
            <p className="text-sm break-words text-muted-foreground">Portfolio: {portfolioName}</p>
          ) : null}
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
            <dd className={cn('font-medium tabular-nums', toneTextClass(trade.realizedPnl))}>
              <Balance>{formatSignedUsd(trade.realizedPnl)}</Balance>
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

const ALL_PORTFOLIOS = 'all';

/**
 * Spec 001 "History" and §7: all of the user's trades, newest first, with a filter by portfolio (all of them
 * by default) and a Refresh button. With several portfolios, each trade names its own.
 */
export function TradeHistory({ portfolios }: { portfolios: readonly PaperPortfolio[] }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const [filter, setFilter] = useState<string>(ALL_PORTFOLIOS);
  // A filter on a portfolio that is gone (deleted, or another account's list) falls back to all of them.
  const filtered = portfolios.find((portfolio) => portfolio.id === filter);
  const trades = useTrades(filtered ? { portfolioId: filtered.id } : 'all');
  const refreshAll = useRefreshPaperTrading();
  const [isRefreshing, setIsRefreshing] = useState(false);

  const refresh = () => {
    setIsRefreshing(true);
    void refreshAll().finally(() => setIsRefreshing(false));
  };

  const list = [...(trades.data ?? [])].sort((a, b) => b.executedAt.localeCompare(a.executedAt));
  const portfolioNames = new Map(portfolios.map((portfolio) => [portfolio.id, portfolio.name]));
  const showsPortfolio = !filtered && portfolios.length > 1;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 p-4 sm:p-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            Trade History
          </h2>
          <CardDescription>
            {filtered ? 'Trades of one portfolio, newest first.' : 'All your trades, newest first.'}
          </CardDescription>
        </div>
        <div className="flex w-full flex-wrap items-end gap-3 sm:w-auto">
          {portfolios.length > 1 ? (
            <div className="flex min-w-0 flex-1 flex-col gap-2 sm:w-64 sm:flex-none">
              <Label htmlFor={`${id}-filter`}>Show trades of</Label>
              <Select value={filtered ? filtered.id : ALL_PORTFOLIOS} onValueChange={setFilter}>
                <SelectTrigger id={`${id}-filter`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_PORTFOLIOS}>All portfolios</SelectItem>
                  {portfolios.map((portfolio) => (
                    <SelectItem key={portfolio.id} value={portfolio.id}>
                      {portfolio.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
          <Button variant="outline" onClick={refresh} disabled={isRefreshing}>
            <RefreshCw className={cn(isRefreshing && 'animate-spin')} aria-hidden="true" />
            Refresh
          </Button>
        </div>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {trades.isPending ? (
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
          <>
            <ul className="divide-y divide-border" aria-label="Trades, newest first">
              {list.map((trade) => (
                <TradeRow
                  key={trade.id}
                  trade={trade}
                  portfolioName={showsPortfolio ? portfolioNames.get(trade.portfolioId) : undefined}
                />
              ))}
            </ul>
            {list.length >= PAPER_TRADES_MAX_LIMIT ? (
              <p className="mt-3 text-sm text-muted-foreground">
                Showing your latest {PAPER_TRADES_MAX_LIMIT} trades.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
