import { Link } from 'wouter';
import { Trash2 } from 'lucide-react';
import type { PortfolioAccount } from '../../../contracts/portfolio-accounts';
import { ACCOUNT_TYPE_LABELS, cardHoldings } from '../../../domain/portfolio-accounts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDateTime, formatNumber, formatUsdWhole } from '../../lib/format';
import { Amount } from '../../components/hide-values';
import { activityPathOf, performancePathOf } from '../../lib/portfolio-views';
import { displaySymbol } from '../../../domain/symbol-kind';

export interface AccountCardProps {
  account: PortfolioAccount;
  onDelete: (account: PortfolioAccount) => void;
  isDeleting: boolean;
}

/** One account: type, value (no decimals, spec 000 §9), its first 6 holdings then '+N more'. */
export function AccountCard({ account, onDelete, isDeleting }: AccountCardProps) {
  const { shown, moreCount } = cardHoldings(account.holdings);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{account.accountName}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge variant="secondary">{ACCOUNT_TYPE_LABELS[account.accountType]}</Badge>
            {account.isManual ? <Badge variant="outline">Manual</Badge> : null}
          </div>
        </div>
        {account.isManual ? (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={`Delete ${account.accountName}`}
            disabled={isDeleting}
            onClick={() => onDelete(account)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <p className="text-2xl font-bold tabular-nums">
        <Amount>{formatUsdWhole(account.totalValue)}</Amount>
      </p>
      {shown.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Holdings of ${account.accountName}`}>
          {shown.map(([symbol, shares]) => (
            <li key={symbol} className="rounded bg-muted px-2 py-0.5 text-xs">
              <span className="font-medium">{displaySymbol(symbol)}</span>{' '}
              <span className="text-muted-foreground tabular-nums">{formatNumber(shares)}</span>
            </li>
          ))}
          {moreCount > 0 ? (
            <li className="px-1 py-0.5 text-xs font-medium text-muted-foreground">+{moreCount} more</li>
          ) : null}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No holdings</p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">Updated {formatDateTime(account.lastUpdated)}</p>
        <div className="flex flex-wrap gap-x-3">
          <Link
            href={activityPathOf(`account:${account.id}`)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Activity<span className="sr-only"> of {account.accountName}</span>
          </Link>
          <Link
            href={performancePathOf(`account:${account.id}`)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Performance<span className="sr-only"> of {account.accountName}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}
