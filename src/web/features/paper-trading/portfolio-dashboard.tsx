import { Suspense, type ComponentType } from 'react';
import { Briefcase, Plus } from 'lucide-react';
import type { PaperPortfolio } from '../../../contracts/paper-trading';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { VALUE_MASK } from '../../components/ui/masked-value';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { BalancesToggle, useBalancesHidden } from './balances';
import { formatMoney } from './format';
import { HoldingsTable } from './holdings-table';
import { PerformanceCard } from './performance-card';
import { SummaryCards } from './summary-cards';

/**
 * A portfolio's return against SPY (issue 28 item 7): the performance feature's card, which the page passes in
 * (lazily loaded). `portfolio` is the API's key (`paper:<id>`); `hidden` is Hide Balances.
 */
export type ReturnsCardComponent = ComponentType<{ portfolio: string; name: string; hidden: boolean }>;

export interface PortfolioDashboardProps {
  portfolios: readonly PaperPortfolio[];
  selected: PaperPortfolio | undefined;
  onSelect: (portfolioId: string) => void;
  onToggleBalances: () => void;
  onCreatePortfolio: () => void;
  ReturnsCard: ReturnsCardComponent;
}

function ReturnsCardSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading the return against SPY</span>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

export function NoPortfolios({ onCreatePortfolio }: { onCreatePortfolio: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-4 py-10 text-center sm:px-6">
        <Briefcase className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">No Portfolios Yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Create a virtual portfolio with practice money to start paper trading.
        </p>
        <Button onClick={onCreatePortfolio}>
          <Plus aria-hidden="true" />
          Create Portfolio
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Spec 001 "Dashboard": portfolio selector, four summary cards, the balances toggle, performance, holdings; and
 * beside the performance, the return against SPY (issue 28 item 7).
 */
export function PortfolioDashboard({
  portfolios,
  selected,
  onSelect,
  onToggleBalances,
  onCreatePortfolio,
  ReturnsCard,
}: PortfolioDashboardProps) {
  const hidden = useBalancesHidden();
  if (portfolios.length === 0 || !selected) return <NoPortfolios onCreatePortfolio={onCreatePortfolio} />;
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <h2 className="sr-only">Dashboard</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex w-full flex-col gap-2 sm:max-w-sm">
          <Label htmlFor="paper-portfolio-select">Portfolio</Label>
          <Select value={selected.id} onValueChange={onSelect}>
            <SelectTrigger id="paper-portfolio-select">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {portfolios.map((portfolio) => (
                <SelectItem key={portfolio.id} value={portfolio.id}>
                  {portfolio.name} — {hidden ? VALUE_MASK : formatMoney(portfolio.totalValue)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <BalancesToggle hidden={hidden} onToggle={onToggleBalances} />
      </div>
      {selected.description ? <p className="text-sm text-muted-foreground">{selected.description}</p> : null}
      <SummaryCards portfolio={selected} />
      <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
        <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-2">
          <PerformanceCard portfolioId={selected.id} />
          <Suspense fallback={<ReturnsCardSkeleton />}>
            <ReturnsCard portfolio={`paper:${selected.id}`} name={selected.name} hidden={hidden} />
          </Suspense>
        </div>
        <HoldingsTable portfolio={selected} />
      </div>
    </div>
  );
}
