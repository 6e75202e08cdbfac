import type { UserPoints } from '../../../contracts/rewards';
import { RECENT_ACHIEVEMENTS_SIZE } from '../../../domain/rewards';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { AchievementView } from './achievements-panel';
import { AchievementIcon } from './achievement-icon';
import { formatDate, formatPercent1, formatPoints, RARITY_ICON_CLASSES } from './format';
import { ProgressBar } from './progress-bar';
import { cn } from '../../lib/cn';

/** The latest unlocks, newest first (spec 001 §9: up to 5). */
export function recentAchievements(items: readonly AchievementView[]): AchievementView[] {
  return items
    .filter((a) => a.isUnlocked && a.unlockedAt)
    .sort((a, b) => Date.parse(b.unlockedAt ?? '') - Date.parse(a.unlockedAt ?? ''))
    .slice(0, RECENT_ACHIEVEMENTS_SIZE);
}

export function OverviewPanel({
  points,
  achievements,
}: {
  points: UserPoints;
  achievements: readonly AchievementView[];
}) {
  const recent = recentAchievements(achievements);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Recent Achievements</CardTitle>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {recent.length === 0 ? (
            <p className="py-4 text-sm text-muted-foreground">
              No achievements unlocked yet. Create a paper portfolio or read a lesson to earn your first one!
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {recent.map((a) => (
                <li key={a.id} className="flex items-center gap-3">
                  <span
                    className={cn(
                      'flex size-9 shrink-0 items-center justify-center rounded-full',
                      RARITY_ICON_CLASSES[a.rarity],
                    )}
                  >
                    <AchievementIcon name={a.iconName} className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{a.name}</p>
                    <p className="text-sm text-muted-foreground">{a.description}</p>
                    {a.unlockedAt ? (
                      <p className="text-xs text-muted-foreground">Unlocked {formatDate(a.unlockedAt)}</p>
                    ) : null}
                  </div>
                  <span className="text-sm font-semibold text-success">+{formatPoints(a.points)}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>Weekly Progress</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-muted-foreground">This week</dt>
              <dd className="text-xl font-bold">{formatPoints(points.weeklyPoints)} points</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">This month</dt>
              <dd className="text-xl font-bold">{formatPoints(points.monthlyPoints)} points</dd>
            </div>
          </dl>
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-sm">
              <span>Next level</span>
              <span className="font-medium">{formatPercent1(points.progressPercent)}%</span>
            </div>
            <ProgressBar value={points.progressPercent} label="Progress to the next level" />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
