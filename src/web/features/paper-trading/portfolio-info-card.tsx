import { useId } from 'react';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Balance } from './balances';
import { formatMoney } from './format';
import { formatSignedPercent, formatSignedUsd, toneTextClass } from '../../lib/format';

/** Spec 001 "Trade": available cash, total portfolio value, and total return with percent. */
export function PortfolioInfoCard({ portfolio }: { portfolio: PaperPortfolio }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h3 id={headingId} className="text-lg leading-tight font-semibold">
          Portfolio Info
        </h3>
        <CardDescription className="break-words">{portfolio.name}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <dl className="flex flex-col gap-3 text-sm">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Available Cash</dt>
            <dd className="font-semibold tabular-nums">
              <Balance>{formatMoney(portfolio.currentBalance)}</Balance>
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Total Portfolio Value</dt>
            <dd className="font-semibold tabular-nums">
              <Balance>{formatMoney(portfolio.totalValue)}</Balance>
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Total Return</dt>
            <dd className={`text-right font-semibold tabular-nums ${toneTextClass(portfolio.totalReturn)}`}>
              <Balance>
                {formatSignedUsd(portfolio.totalReturn)} ({formatSignedPercent(portfolio.totalReturnPercent)})
              </Balance>
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
