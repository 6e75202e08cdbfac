import { formatSharePrice, formatUsd } from '../../../domain/paper-trading';

/** Money strings from the API ("10000.00"), shown exactly: `$10,000.00`. */
export const formatMoney = (value: string): string => formatUsd(value);

/** A share price, 2 to 6 decimals as filled: `$215.00`, `$0.123456`. */
export const formatPrice = (value: string | number): string => formatSharePrice(value);

export const isNonNegative = (value: string | number): boolean => Number(value) >= 0;

/** `+$12.50` when non-negative (zero included), `-$12.50` otherwise (spec 001: plus sign when non-negative). */
export function formatSignedMoney(value: string): string {
  const text = formatUsd(value);
  return isNonNegative(value) && !text.startsWith('-') ? `+${text}` : text;
}

/** `+2.15%` / `-0.40%` from a percent string ("2.15" is 2.15 %). */
export function formatSignedPercent(value: string | number): string {
  const n = Number(value);
  const safe = Number.isFinite(n) ? n : 0;
  const text = `${Math.abs(safe).toFixed(2)}%`;
  return safe >= 0 ? `+${text}` : `-${text}`;
}

/** Green for a gain or nothing, red for a loss: both pass WCAG AA on white. */
export const toneClass = (value: string | number): string =>
  isNonNegative(value) ? 'text-success' : 'text-destructive';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC calendar day (YYYY-MM-DD) as `Jan 5`. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}
