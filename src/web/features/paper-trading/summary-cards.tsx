import { useId, type ReactNode } from 'react';
import { DollarSign, Percent, TrendingDown, Minus, TrendingUp, Wallet } from 'lucide-react';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { Balance } from './balances';
import { formatMoney } from './format';
import { changeTone, formatSignedPercent, formatSignedUsd, toneTextClass } from '../../lib/format';

function SummaryCard({
  label,
  icon,
  children,
  valueClassName,
}: {
  label: string;
  icon: ReactNode;
  children: ReactNode;
  valueClassName?: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId}>
      <CardContent className="flex flex-col gap-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
            {label}
          </h3>
          <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
            {icon}
          </span>
        </div>
        <p className={cn('text-xl font-bold tracking-tight tabular-nums sm:text-2xl', valueClassName)}>
          <Balance>{children}</Balance>
        </p>
      </CardContent>
    </Card>
  );
}

/** Total Value, Cash Balance, Total Return and Return % (spec 001 "Dashboard"). */
export function SummaryCards({ portfolio }: { portfolio: PaperPortfolio }) {
  const tone = changeTone(portfolio.totalReturn);
  return (
    <section aria-label="Portfolio summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <SummaryCard label="Total Value" icon={<DollarSign />}>
        {formatMoney(portfolio.totalValue)}
      </SummaryCard>
      <SummaryCard label="Cash Balance" icon={<Wallet />}>
        {formatMoney(portfolio.currentBalance)}
      </SummaryCard>
      <SummaryCard
        label="Total Return"
        icon={tone === 'gain' ? <TrendingUp /> : tone === 'loss' ? <TrendingDown /> : <Minus />}
        valueClassName={toneTextClass(portfolio.totalReturn)}
      >
        {formatSignedUsd(portfolio.totalReturn)}
      </SummaryCard>
      <SummaryCard
        label="Return %"
        icon={<Percent />}
        valueClassName={toneTextClass(portfolio.totalReturnPercent)}
      >
        {formatSignedPercent(portfolio.totalReturnPercent)}
      </SummaryCard>
    </section>
  );
}
