import type { ReactNode } from 'react';
import { Flame, Star, Trophy, TrendingUp } from 'lucide-react';
import type { UserPoints } from '../../../contracts/rewards';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { formatPercent1, formatPoints } from './format';
import { ProgressBar } from './progress-bar';

function SummaryCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 p-4 pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        {icon}
      </CardHeader>
      <CardContent className="flex flex-col gap-1 p-4 pt-0">{children}</CardContent>
    </Card>
  );
}

const days = (n: number) => `${formatPoints(n)} ${n === 1 ? 'day' : 'days'}`;

/** Spec 001 "Rewards": Total Points, Trading Level, Current Streak, Achievements. */
export function SummaryCards({
  points,
  unlocked,
  total,
}: {
  points: UserPoints;
  unlocked: number;
  total: number;
}) {
  const percentComplete = total > 0 ? Math.round((unlocked / total) * 100) : 0;
  return (
    <section aria-label="Your rewards summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard title="Total Points" icon={<Star className="size-5 text-amber-600" aria-hidden="true" />}>
        <p className="text-2xl font-bold" data-testid="total-points">
          {formatPoints(points.totalPoints)}
        </p>
        <p className="text-xs text-muted-foreground">
          Lifetime: {formatPoints(points.lifetimePoints)} points
        </p>
      </SummaryCard>
      <SummaryCard
        title="Trading Level"
        icon={<TrendingUp className="size-5 text-primary" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold" data-testid="trading-level">
          Level {points.level}
        </p>
        <ProgressBar
          value={points.progressPercent}
          label={`Progress to level ${points.level + 1}`}
          className="mt-1"
        />
        <p className="text-xs text-muted-foreground">
          {formatPoints(points.pointsToNextLevel)} points to next level (
          {formatPercent1(points.progressPercent)}%)
        </p>
      </SummaryCard>
      <SummaryCard
        title="Current Streak"
        icon={<Flame className="size-5 text-orange-600" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold">{days(points.currentStreak)}</p>
        <p className="text-xs text-muted-foreground">Best streak: {days(points.longestStreak)}</p>
      </SummaryCard>
      <SummaryCard title="Achievements" icon={<Trophy className="size-5 text-primary" aria-hidden="true" />}>
        <p className="text-2xl font-bold">
          {unlocked}/{total}
        </p>
        <p className="text-xs text-muted-foreground">{percentComplete}% complete</p>
      </SummaryCard>
    </section>
  );
}
