import { Link } from 'wouter';
import { Crown, FileDown } from 'lucide-react';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { serverMessage } from '../../lib/api-client';
import { useEntitlement } from '../../lib/entitlement';
import { useSession } from '../../lib/session';
import { useDownloadPortfolioReport } from './download-report';

interface ReportSubject {
  hasSavedHoldings: boolean;
  /** The client open in the analyzer; null: the account's own saved portfolio. */
  clientId: string | null;
}

/**
 * The analyzer's report card: 'Download PDF report' for a Professional user, a line naming Professional for
 * the other plans (which fires no request), nothing for a visitor.
 */
export function DownloadReportCard({ hasSavedHoldings, clientId }: ReportSubject) {
  const { user } = useSession();
  const hasReports = useEntitlement('white-label-reports');
  if (!user) return null;
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          {hasReports ? (
            <FileDown className="size-5 shrink-0" aria-hidden="true" />
          ) : (
            <Crown className="size-5 shrink-0 text-amber-600" aria-hidden="true" />
          )}
          White-label PDF report
        </CardTitle>
        <CardDescription>
          {hasReports
            ? `${clientId ? 'This client’s portfolio' : 'Your saved portfolio'} as a PDF: holdings, allocation charts, risk figures, health check, diversification gaps and its analysis, under your firm’s name, logo and colour.`
            : 'Reports of your portfolio under your own firm’s name, logo and colour are part of the Professional plan.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {hasReports ? (
          <ReportDownload hasSavedHoldings={hasSavedHoldings} clientId={clientId} />
        ) : (
          <Link
            href="/pricing"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Upgrade to Professional
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

function ReportDownload({ hasSavedHoldings, clientId }: ReportSubject) {
  const download = useDownloadPortfolioReport();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          disabled={!hasSavedHoldings || download.isPending}
          onClick={() => download.mutate(clientId)}
        >
          <FileDown aria-hidden="true" />
          {download.isPending ? 'Preparing report…' : 'Download PDF report'}
        </Button>
        <Link
          href="/account#reports"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Set your firm’s branding
        </Link>
      </div>
      {!hasSavedHoldings ? (
        <p className="text-sm text-muted-foreground">
          {clientId
            ? 'Add holdings first: the report is of this client’s portfolio.'
            : 'Add holdings first: the report is of your saved portfolio.'}
        </p>
      ) : null}
      {download.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            {serverMessage(download.error, 'Could not prepare the report. Please try again.')}
          </AlertDescription>
        </Alert>
      ) : null}
      {download.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          Saved {download.data}.
        </p>
      ) : null}
    </div>
  );
}
