import type { ReactNode } from 'react';
import type { AdminStats } from '../../../contracts/admin';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatNumber, formatUsdWhole } from '../../lib/format';

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/** What the demo accounts figure says beside its number: they are not counted, and how many are on a paid plan. */
function demoAccountsNote(demo: AdminStats['analytics']['demoAccounts']): string {
  const paid = [
    demo.premium > 0 ? `${formatNumber(demo.premium)} on Premium` : null,
    demo.professional > 0 ? `${formatNumber(demo.professional)} on Professional` : null,
  ].filter((part) => part !== null);
  const note = 'Not counted in conversion or revenue';
  return paid.length > 0 ? `${note} (${paid.join(', ')})` : note;
}

/**
 * Analytics: spec 001 §9's four figures (from the plan counts; demo accounts left out of conversion and MRR and
 * counted apart), beside them the MRR of the subscriptions Stripe is charging, trials and churn in the range, and
 * activity in the range.
 */
export function AnalyticsTab({ stats }: { stats: AdminStats }) {
  const a = stats.analytics;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Conversion and revenue</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure
              label="Free to Premium"
              value={`${a.freeToPremiumPercent}%`}
              note="Premium users / total users, demo accounts left out"
            />
            <Figure
              label="Premium to Professional"
              value={`${a.premiumToProfessionalPercent}%`}
              note="Professional users / premium users, demo accounts left out"
            />
            <Figure
              label="Email collection"
              value={`${a.emailCollectionPercent}%`}
              note="Users with an email / total"
            />
            <Figure
              label="MRR (by plan)"
              value={formatUsdWhole(a.mrrDollars)}
              note="Premium users × $29 + professional users × $99, complimentary included, demo accounts left out"
            />
            <Figure
              label="MRR (Stripe subscriptions)"
              value={formatUsdWhole(a.subscriptionMrrDollars)}
              note={`${formatNumber(a.activeSubscriptions)} active; yearly plans at a twelfth of their price`}
            />
            <Figure
              label="Complimentary plans"
              value={formatNumber(a.complimentaryUsers)}
              note="Granted by admins"
            />
            <Figure
              label="Demo accounts"
              value={formatNumber(a.demoAccounts.total)}
              note={demoAccountsNote(a.demoAccounts)}
            />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>In the selected range</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure label="Trials started" value={formatNumber(a.trialsStarted)} />
            <Figure label="Subscriptions canceled" value={formatNumber(a.churned)} />
            <Figure label="Paper trades" value={formatNumber(a.paperTrades)} />
            <Figure
              label="Active users"
              value={formatNumber(a.activeUsers)}
              note="Earned points by trading, learning or analysing"
            />
            <Figure
              label="Analyses run"
              value={formatNumber(a.analysesRun)}
              note="Analyses that earned points (at most 3 a user a day)"
            />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
