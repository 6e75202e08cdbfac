import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { displaySymbol } from '../../../domain/symbol-kind';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { Balance } from './balances';
import { formatMoney, formatPrice, formatQuantity } from './format';
import { formatSignedUsd, toneTextClass } from '../../lib/format';

const SOURCE_LABELS: Readonly<Record<string, string>> = {
  simulated: 'Simulated',
  last_trade: 'Last fill',
  yahoo: 'Yahoo Finance',
  coingecko: 'CoinGecko',
  alphavantage: 'Alpha Vantage',
  polygon: 'Polygon',
  fmp: 'FMP',
};

const cell = 'px-3 py-2.5 text-right tabular-nums whitespace-nowrap';

/**
 * On narrow screens the table scrolls sideways inside this box, not the page. While it does, the box is
 * focusable (so a keyboard can scroll it) and named after the table's heading.
 */
function HorizontalScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'group' : undefined}
      aria-labelledby={scrolls ? labelledBy : undefined}
    >
      {children}
    </div>
  );
}

/** Symbol, quantity, average cost, price, value and unrealised P&L of each holding. */
export function HoldingsTable({ portfolio }: { portfolio: PaperPortfolio }) {
  const headingId = useId();
  const rows = Object.entries(portfolio.holdings)
    .filter(([, holding]) => holding.quantity > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 p-4 sm:p-6">
        <div className="flex flex-col gap-1.5">
          <h3 id={headingId} className="text-lg leading-tight font-semibold">
            Holdings
          </h3>
          <CardDescription>Valued at the latest quote.</CardDescription>
        </div>
        {portfolio.hasStalePrices ? (
          <Badge variant="warning">Some prices are from the last fill</Badge>
        ) : null}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No holdings yet. Buy a stock on the Trade tab to see it here.
          </p>
        ) : (
          <>
            {/* Phones: one block per holding; wider screens: the table. */}
            <ul
              className="flex flex-col divide-y divide-border sm:hidden"
              aria-label={`Holdings of ${portfolio.name}`}
            >
              {rows.map(([symbol, holding]) => (
                <li key={symbol} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="font-semibold">
                      {displaySymbol(symbol)}{' '}
                      <span className="font-normal text-muted-foreground">
                        · {formatQuantity(symbol, holding.quantity)}
                      </span>
                    </p>
                    <p className="font-semibold tabular-nums">
                      <Balance>{formatMoney(holding.marketValue)}</Balance>
                    </p>
                  </div>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-muted-foreground">Avg. Cost</dt>
                      <dd className="tabular-nums">{formatPrice(holding.averageCost)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-muted-foreground">Price</dt>
                      <dd className="tabular-nums">{formatPrice(holding.currentPrice)}</dd>
                    </div>
                    <div className="text-right">
                      <dt className="text-xs text-muted-foreground">P&amp;L</dt>
                      <dd className={cn('font-medium tabular-nums', toneTextClass(holding.unrealizedPnl))}>
                        <Balance>{formatSignedUsd(holding.unrealizedPnl)}</Balance>
                      </dd>
                    </div>
                  </dl>
                  <p className="text-xs text-muted-foreground">
                    Price source: {SOURCE_LABELS[holding.priceSource] ?? holding.priceSource}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <HorizontalScroll labelledBy={headingId}>
                <table className="w-full min-w-[32rem] text-sm">
                  <caption className="sr-only">Holdings of {portfolio.name}</caption>
                  <thead>
                    <tr className="border-b border-border text-xs text-muted-foreground">
                      <th scope="col" className="px-3 py-2 text-left font-medium">
                        Symbol
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Quantity
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Avg. Cost
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Price
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        Value
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">
                        P&amp;L
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map(([symbol, holding]) => (
                      <tr key={symbol} className="border-b border-border last:border-0">
                        <th scope="row" className="px-3 py-2.5 text-left font-semibold">
                          {displaySymbol(symbol)}
                          <span className="block text-xs font-normal text-muted-foreground">
                            {SOURCE_LABELS[holding.priceSource] ?? holding.priceSource}
                          </span>
                        </th>
                        <td className={cell}>{holding.quantity}</td>
                        <td className={cell}>{formatPrice(holding.averageCost)}</td>
                        <td className={cell}>{formatPrice(holding.currentPrice)}</td>
                        <td className={cell}>
                          <Balance>{formatMoney(holding.marketValue)}</Balance>
                        </td>
                        <td className={cn(cell, 'font-medium', toneTextClass(holding.unrealizedPnl))}>
                          <Balance>{formatSignedUsd(holding.unrealizedPnl)}</Balance>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </HorizontalScroll>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
