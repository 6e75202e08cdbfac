import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminStats } from '../../../contracts/admin';
import { fillDailyCounts } from '../../../domain/admin/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { formatJoined } from './format';
import { PlanBadges, UserIdentity } from './user-row';
import { utcDateOf } from '../../../domain/calendar';

const today = () => utcDateOf(new Date());

/** Recent Signups: signups per day over the range, and the newest accounts ('No recent signups' when none). */
export function SignupsTab({ stats }: { stats: AdminStats }) {
  const first = stats.since?.slice(0, 10) ?? stats.signupsPerDay[0]?.date ?? today();
  const days = fillDailyCounts(stats.signupsPerDay, first, today());
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <Card>
        <CardHeader>
          <CardTitle>Signups per day</CardTitle>
        </CardHeader>
        <CardContent>
          {total === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No recent signups</p>
          ) : (
            <figure className="h-64" aria-label={`${total} signups over the range, per day`}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={days} accessibilityLayer={false} margin={{ left: -16, right: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={24} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                  <Tooltip />
                  <Bar dataKey="count" name="Signups" fill="#1e4d8c" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </figure>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Newest accounts</CardTitle>
        </CardHeader>
        <CardContent>
          {stats.recentSignups.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No recent signups</p>
          ) : (
            <ul aria-label="Recent signups">
              {stats.recentSignups.map((user) => (
                <li key={user.id} className="flex flex-col gap-1 border-b border-border py-3 last:border-b-0">
                  <UserIdentity user={user} />
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <PlanBadges user={user} />
                    <span>Joined {formatJoined(user.created_at)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
