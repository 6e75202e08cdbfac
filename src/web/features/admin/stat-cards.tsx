import type { ReactNode } from 'react';
import { Crown, Mail, Sparkles, User, Users } from 'lucide-react';
import type { AdminStats } from '../../../contracts/admin';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { formatNumber } from '../../lib/format';

const RANGE_TEXT: Record<AdminStats['range'], string> = {
  '7d': 'in the last 7 days',
  '30d': 'in the last 30 days',
  '90d': 'in the last 90 days',
  all: 'since the start',
};

function StatCard({
  title,
  icon,
  value,
  change,
  range,
  className,
}: {
  className?: string;
  title: string;
  icon: ReactNode;
  value: number;
  change: number;
  range: AdminStats['range'];
}) {
  return (
    <Card className={className}>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <span aria-hidden="true" className="text-primary [&_svg]:size-5">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 p-4 pt-0">
        <p className="text-2xl font-bold tabular-nums">{formatNumber(value)}</p>
        <p className="text-xs text-muted-foreground">
          +{formatNumber(change)} new {RANGE_TEXT[range]}
        </p>
      </CardContent>
    </Card>
  );
}

/** The five cards (spec 001 §3: totalUsers, totalEmails, freeUsers, premiumUsers, professionalUsers). */
export function StatCards({ stats }: { stats: AdminStats }) {
  const { newInRange: change, range } = stats;
  return (
    <section aria-label="User totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <StatCard
        className="col-span-2 lg:col-span-1"
        title="Total Users"
        icon={<Users />}
        value={stats.totalUsers}
        change={change.totalUsers}
        range={range}
      />
      <StatCard
        title="With Email"
        icon={<Mail />}
        value={stats.totalEmails}
        change={change.totalEmails}
        range={range}
      />
      <StatCard
        title="Free"
        icon={<User />}
        value={stats.freeUsers}
        change={change.freeUsers}
        range={range}
      />
      <StatCard
        title="Premium"
        icon={<Sparkles />}
        value={stats.premiumUsers}
        change={change.premiumUsers}
        range={range}
      />
      <StatCard
        title="Professional"
        icon={<Crown />}
        value={stats.professionalUsers}
        change={change.professionalUsers}
        range={range}
      />
    </section>
  );
}
