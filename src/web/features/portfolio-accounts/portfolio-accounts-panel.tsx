import { useId } from 'react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { SimulatedPricesBadge } from '../../components/ui/simulated-prices-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { errorCode, errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useEntitlement } from '../../lib/entitlement';
import { formatUsdWhole } from '../../lib/format';
import { useSession } from '../../lib/session';
import { AccountCard } from './account-card';
import { AddAccountForm } from './add-account-form';
import { CombinedHoldings } from './combined-holdings';
import { useCreateDemoAccounts } from './create-demo-accounts';
import { useDeletePortfolioAccount } from './delete-portfolio-account';
import { usePortfolioAccounts } from './get-portfolio-accounts';
import { PremiumUpsellCard } from './premium-upsell-card';
import { useSyncPortfolioAccounts } from './sync-portfolio-accounts';
import { Amount } from '../../components/hide-values';

export interface PortfolioAccountsPanelProps {
  /** The analyzer's imported portfolio (brokerage or CSV), which can be saved as an account; null for none. */
  importedHoldings: Readonly<Record<string, number>> | null;
}

/**
 * Spec 000 §2 "Portfolio Accounts panel with aggregation (premium gated)": a premium or professional user's
 * accounts, their total and combined holdings; the upsell card for everyone else (no request is sent for them).
 */
export function PortfolioAccountsPanel({ importedHoldings }: PortfolioAccountsPanelProps) {
  const headingId = useId();
  const session = useSession();
  const user = session.user;
  const hasAccounts = useEntitlement('multi-account-aggregation');

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="text-lg leading-tight font-semibold">
          Portfolio Accounts
        </h2>
        <CardDescription>
          Your brokerage, 401(k), IRA, Roth IRA and savings accounts in one view.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {session.isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : user && hasAccounts ? (
          <AccountsView userId={user.id} importedHoldings={importedHoldings} />
        ) : (
          <PremiumUpsellCard />
        )}
      </CardContent>
    </Card>
  );
}

function AccountsView({ userId, importedHoldings }: { userId: string } & PortfolioAccountsPanelProps) {
  const accounts = usePortfolioAccounts(userId);
  const createDemo = useCreateDemoAccounts(userId);
  const sync = useSyncPortfolioAccounts(userId);
  const deleteAccount = useDeletePortfolioAccount(userId);

  if (accounts.isPending) return <Skeleton className="h-40 w-full" />;
  if (accounts.isError) {
    // The plan ended while the page was open: the server's 403 says so.
    if (errorCode(accounts.error) === 'SUBSCRIPTION_REQUIRED') return <PremiumUpsellCard />;
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {errorMessage(accounts.error, 'Your accounts could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void accounts.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const list = accounts.data;
  const hasAccounts = list.accounts.length > 0;
  return (
    <div className="flex flex-col gap-6">
      {hasAccounts ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-sm text-muted-foreground">
                Total Value of {list.accounts.length} {list.accounts.length === 1 ? 'account' : 'accounts'}
              </p>
              <p className="text-3xl font-bold tabular-nums">
                <Amount>{formatUsdWhole(list.totalValue)}</Amount>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {list.isSimulated ? <SimulatedPricesBadge /> : null}
              <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
                <RefreshCw className={cn(sync.isPending && 'animate-spin')} aria-hidden="true" />
                Sync All
              </Button>
            </div>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Accounts">
            {list.accounts.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                isDeleting={deleteAccount.isPending && deleteAccount.variables.id === account.id}
                onDelete={(target) => deleteAccount.mutate(target)}
              />
            ))}
          </ul>
          <CombinedHoldings combinedHoldings={list.combinedHoldings} />
        </>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-border p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            No accounts yet. Add one below, or try three demo accounts (brokerage, 401(k) and Roth IRA).
          </p>
          <Button onClick={() => createDemo.mutate()} disabled={createDemo.isPending} className="shrink-0">
            <Sparkles aria-hidden="true" />
            Create Demo Accounts
          </Button>
        </div>
      )}
      <div className="border-t border-border pt-6">
        <AddAccountForm userId={userId} importedHoldings={importedHoldings} />
      </div>
    </div>
  );
}
