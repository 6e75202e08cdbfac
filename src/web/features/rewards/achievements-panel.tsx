import { Lock } from 'lucide-react';
import type { Achievement, UserAchievement } from '../../../contracts/rewards';
import { ACHIEVEMENT_CATEGORIES } from '../../../domain/rewards';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { AchievementIcon } from './achievement-icon';
import { formatDate, formatPoints, RARITY_CLASSES, RARITY_ICON_CLASSES, RARITY_LABELS } from './format';

export interface AchievementView extends Achievement {
  isUnlocked: boolean;
  unlockedAt: string | null;
}

/** The catalog joined with the user's unlocks. */
export function joinAchievements(
  catalog: readonly Achievement[],
  mine: readonly UserAchievement[],
): AchievementView[] {
  const byId = new Map(mine.map((m) => [m.achievementId, m]));
  return catalog.map((a) => {
    const m = byId.get(a.id);
    return { ...a, isUnlocked: m?.isUnlocked ?? false, unlockedAt: m?.unlockedAt ?? null };
  });
}

const KNOWN: readonly string[] = ACHIEVEMENT_CATEGORIES;
const headingOf = (category: string) => category.charAt(0).toUpperCase() + category.slice(1);

/** Spec 001: grouped by category (trading, learning, social, milestone; others as plain headings). */
export function groupAchievements(items: readonly AchievementView[]) {
  const categories = [
    ...KNOWN.filter((c) => items.some((a) => a.category === c)),
    ...[...new Set(items.map((a) => a.category))].filter((c) => !KNOWN.includes(c)).sort(),
  ];
  return categories.map((category) => ({
    category,
    items: items.filter((a) => a.category === category),
  }));
}

export function AchievementItem({ achievement }: { achievement: AchievementView }) {
  const { isUnlocked } = achievement;
  return (
    <li
      className={cn(
        'flex gap-3 rounded-lg border p-3',
        isUnlocked ? 'border-border bg-background' : 'border-dashed border-border bg-muted',
      )}
      data-state={isUnlocked ? 'unlocked' : 'locked'}
    >
      <span
        className={cn(
          'relative flex size-10 shrink-0 items-center justify-center rounded-full',
          isUnlocked ? RARITY_ICON_CLASSES[achievement.rarity] : 'bg-slate-200 text-slate-500 opacity-70',
        )}
      >
        <AchievementIcon name={achievement.iconName} className="size-5" />
        {isUnlocked ? null : (
          <Lock
            className="absolute -right-1 -bottom-1 size-4 rounded-full bg-background p-0.5 text-slate-600"
            aria-hidden="true"
          />
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-semibold">{achievement.name}</h4>
          <Badge className={RARITY_CLASSES[achievement.rarity]}>{RARITY_LABELS[achievement.rarity]}</Badge>
          {isUnlocked ? null : <span className="sr-only">(locked)</span>}
        </div>
        <p className="text-sm text-muted-foreground">{achievement.description}</p>
        <div className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">+{formatPoints(achievement.points)} points</span>
          {achievement.unlockedAt ? (
            <span>Unlocked {formatDate(achievement.unlockedAt)}</span>
          ) : (
            <span>Locked</span>
          )}
        </div>
      </div>
    </li>
  );
}

export function AchievementsPanel({ achievements }: { achievements: readonly AchievementView[] }) {
  const groups = groupAchievements(achievements);
  if (groups.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">No achievements available yet.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {groups.map(({ category, items }) => {
        const unlocked = items.filter((a) => a.isUnlocked).length;
        return (
          <section
            key={category}
            aria-labelledby={`achievements-${category}`}
            className="flex flex-col gap-3"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`achievements-${category}`} className="text-lg font-semibold">
                {headingOf(category)}
              </h3>
              <p className="text-sm text-muted-foreground">
                {unlocked} of {items.length} unlocked
              </p>
            </div>
            <ul className="grid gap-3 md:grid-cols-2">
              {items.map((a) => (
                <AchievementItem key={a.id} achievement={a} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
