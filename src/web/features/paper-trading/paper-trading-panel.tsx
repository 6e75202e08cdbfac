import { useState } from 'react';
import { ArrowRightLeft, History, LayoutDashboard, PlusCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/api-client';
import type { QuoteQuery } from '../../lib/quote';
import { BalancesVisibility } from './balances';
import { CreatePortfolioForm } from './create-portfolio-form';
import { usePortfolios } from './get-portfolios';
import { PortfolioDashboard, type ReturnsCardComponent } from './portfolio-dashboard';
import { TradeHistory } from './trade-history';
import { TradePanel } from './trade-form';

export type PaperTradingTab = 'dashboard' | 'trade' | 'history' | 'create';

const TABS = [
  { value: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { value: 'trade', label: 'Trade', icon: ArrowRightLeft },
  { value: 'history', label: 'History', icon: History },
  { value: 'create', label: 'Create Portfolio', icon: PlusCircle },
] as const;

function isTab(value: string): value is PaperTradingTab {
  return TABS.some((tab) => tab.value === value);
}

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading your portfolios</span>
      <Skeleton className="h-10 w-full sm:w-80" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

/**
 * The signed-in paper-trading area (spec 001 "Paper trading"): four tabs sharing the selected portfolio
 * (the first one until the person picks another) and the Hide/Show Balances state (shown by default).
 */
export function PaperTradingPanel({
  userId,
  quoteQuery,
  ReturnsCard,
}: {
  userId: string;
  quoteQuery: QuoteQuery;
  ReturnsCard: ReturnsCardComponent;
}) {
  const portfolios = usePortfolios(userId);
  const [tab, setTab] = useState<PaperTradingTab>('dashboard');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [balancesHidden, setBalancesHidden] = useState(false);

  const list = portfolios.data ?? [];
  const selected = list.find((portfolio) => portfolio.id === chosenId) ?? list[0];

  const dashboard = portfolios.isPending ? (
    <DashboardSkeleton />
  ) : portfolios.isError ? (
    <Alert variant="destructive" role="alert">
      <div className="flex flex-col gap-2">
        <AlertTitle>Your portfolios could not be loaded</AlertTitle>
        <AlertDescription>{errorMessage(portfolios.error, 'Please try again.')}</AlertDescription>
        <Button variant="outline" size="sm" className="self-start" onClick={() => void portfolios.refetch()}>
          Try again
        </Button>
      </div>
    </Alert>
  ) : (
    <PortfolioDashboard
      portfolios={list}
      selected={selected}
      onSelect={setChosenId}
      onToggleBalances={() => setBalancesHidden((hidden) => !hidden)}
      onCreatePortfolio={() => setTab('create')}
      ReturnsCard={ReturnsCard}
    />
  );

  return (
    <BalancesVisibility hidden={balancesHidden}>
      <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value} className="sm:flex-none">
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">{dashboard}</TabsContent>
        <TabsContent value="trade">
          {portfolios.isPending ? (
            <DashboardSkeleton />
          ) : (
            <TradePanel userId={userId} portfolio={selected} quoteQuery={quoteQuery} />
          )}
        </TabsContent>
        <TabsContent value="history">
          {portfolios.isPending ? <DashboardSkeleton /> : <TradeHistory portfolios={list} />}
        </TabsContent>
        <TabsContent value="create">
          <CreatePortfolioForm
            userId={userId}
            onCreated={(portfolioId) => {
              setChosenId(portfolioId);
              setTab('dashboard');
            }}
          />
        </TabsContent>
      </Tabs>
    </BalancesVisibility>
  );
}
