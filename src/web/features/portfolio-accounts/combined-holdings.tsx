import type { PortfolioAccountListResponse } from '../../../contracts/portfolio-accounts';
import { topCombinedHoldings } from '../../../domain/portfolio-accounts';
import { formatNumber, formatUsdWhole } from '../../lib/format';

/** Spec 000 §9: the top 10 holdings across all accounts, largest value first, with the accounts holding each. */
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
        {total > top.length ? `Top ${top.length} of ${total} holdings` : `${total} holdings`} across your
        accounts
      </p>
      <table className="mt-3 w-full table-fixed text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="w-[30%] py-2 font-medium sm:w-[18%]">
              Symbol
            </th>
            <th scope="col" className="py-2 text-right font-medium sm:w-[16%]">
              Shares
            </th>
            <th scope="col" className="py-2 text-right font-medium sm:w-[18%]">
              Value
            </th>
            <th scope="col" className="hidden py-2 pl-4 font-medium sm:table-cell">
              Accounts
            </th>
          </tr>
        </thead>
        <tbody>
          {top.map((holding) => (
            <tr key={holding.symbol} className="border-b border-border last:border-0 align-top">
              <th scope="row" className="py-2 pr-2 text-left font-medium break-all">
                {holding.symbol}
                <span className="block text-xs font-normal break-words text-muted-foreground sm:hidden">
                  {holding.accounts.map((a) => a.accountName).join(', ')}
                </span>
              </th>
              <td className="py-2 text-right tabular-nums">{formatNumber(holding.totalShares)}</td>
              <td className="py-2 text-right tabular-nums">{formatUsdWhole(holding.value)}</td>
              <td className="hidden py-2 pl-4 break-words text-muted-foreground sm:table-cell">
                {holding.accounts.map((a) => `${a.accountName} (${formatNumber(a.shares)})`).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
