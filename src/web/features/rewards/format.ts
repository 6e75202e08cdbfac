import type { AchievementRarity } from '../../../domain/rewards';
import { onFirstUse } from '../../lib/on-first-use';

const integer = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }));
const percent1 = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));
const dateOnly = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** 1,234 */
export const formatPoints = (value: number | string) => integer().format(Number(value) || 0);
/** +100 / -5 / 0 */
export const formatSignedPoints = (value: number) =>
  value > 0 ? `+${integer().format(value)}` : value < 0 ? `-${integer().format(-value)}` : '0';
/** 99.9 */
export const formatPercent1 = (value: number) => percent1().format(value);
export const formatDate = (iso: string) => dateOnly().format(new Date(iso));

/** Rarity changes only the colour (spec 001 §4); each pair is 4.5:1 or better. */
export const RARITY_CLASSES: Record<AchievementRarity, string> = {
  common: 'border-transparent bg-slate-100 text-slate-700',
  rare: 'border-transparent bg-blue-100 text-blue-800',
  epic: 'border-transparent bg-purple-100 text-purple-800',
  legendary: 'border-transparent bg-amber-100 text-amber-900',
};

export const RARITY_ICON_CLASSES: Record<AchievementRarity, string> = {
  common: 'bg-slate-100 text-slate-700',
  rare: 'bg-blue-100 text-blue-700',
  epic: 'bg-purple-100 text-purple-700',
  legendary: 'bg-amber-100 text-amber-700',
};

export const RARITY_LABELS: Record<AchievementRarity, string> = {
  common: 'Common',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
};
