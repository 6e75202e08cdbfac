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

type Total = keyof AdminStats['newInRange'];

/** The five cards (spec 001 §3: totalUsers, totalEmails, freeUsers, premiumUsers, professionalUsers). */
const CARDS: readonly { total: Total; title: string; icon: ReactNode }[] = [
  { total: 'totalUsers', title: 'Total Users', icon: <Users /> },
  { total: 'totalEmails', title: 'With Email', icon: <Mail /> },
  { total: 'freeUsers', title: 'Free', icon: <User /> },
  { total: 'premiumUsers', title: 'Premium', icon: <Sparkles /> },
  { total: 'professionalUsers', title: 'Professional', icon: <Crown /> },
];

export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <section aria-label="User totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {CARDS.map(({ total, title, icon }, index) => (
        <StatCard
          key={total}
          // Five cards in two columns on phones: the first spans both.
          className={index === 0 ? 'col-span-2 lg:col-span-1' : undefined}
          title={title}
          icon={icon}
          value={stats[total]}
          change={stats.newInRange[total]}
          range={stats.range}
        />
      ))}
    </section>
  );
}
