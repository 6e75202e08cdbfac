import type { PortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { topCombinedHoldings } from '../../../domain/portfolio-accounts';
import { formatHoldingQuantity, formatUsdWhole } from '../../lib/format';
import { Amount } from '../../components/hide-values';
import { displaySymbol } from '../../../domain/symbol-kind';

/**
 * Spec 000 §9: the top 10 holdings across all accounts, largest value first. Each line names the accounts that
 * hold it, under the figures, so long account names wrap on a phone without squeezing the numbers.
 */
export function CombinedHoldings({
  combinedHoldings,
}: {
  combinedHoldings: PortfolioAccountListResponse['combinedHoldings'];
}) {
  const top = topCombinedHoldings(combinedHoldings);
  if (top.length === 0) return null;
  const total = Object.keys(combinedHoldings).length;
  return (
    <div className="min-w-0">
      <h3 className="font-semibold">Combined Holdings</h3>
      <p className="text-sm text-muted-foreground">
        {total > top.length
          ? `Top ${top.length} of ${total} holdings`
          : `${total} ${total === 1 ? 'holding' : 'holdings'}`}{' '}
        across your accounts
      </p>
      <ul className="mt-2 divide-y divide-border" aria-label="Combined holdings">
        {top.map((holding) => (
          <li key={holding.symbol} className="flex flex-col gap-0.5 py-2 text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-medium break-all">{displaySymbol(holding.symbol)}</span>
              <span className="shrink-0 font-semibold tabular-nums">
                <Amount>{formatUsdWhole(holding.value)}</Amount>
              </span>
            </div>
            <p className="text-xs break-words text-muted-foreground">
              <span className="tabular-nums">
                {formatHoldingQuantity(holding.symbol, holding.totalShares)}
              </span>
              {' · '}
              {holding.accounts
                .map((a) => `${a.accountName} (${formatHoldingQuantity(holding.symbol, a.shares)})`)
                .join(', ')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
