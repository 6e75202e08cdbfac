const usd2 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usd0 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const percent2 = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const number8 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

function finiteOrZero(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** $1,234.56 — money arrives as numbers or as numeric strings. */
export function formatUsd(value: number | string | null | undefined): string {
  return usd2.format(finiteOrZero(value));
}

/** $1,235 — account cards and panels (spec 000 §9). */
export function formatUsdWhole(value: number | string | null | undefined): string {
  return usd0.format(finiteOrZero(value));
}

/** 5.23 -> "5.23%": the input is a percentage, divided by 100 before formatting (spec 000 §9). */
export function formatPercent(value: number | string | null | undefined): string {
  return percent2.format(finiteOrZero(value) / 100);
}

/** Up to 8 fraction digits; a non-finite value shows as 0 (spec 000 §5). */
export function formatNumber(value: number | string | null | undefined): string {
  return number8.format(finiteOrZero(value));
}

/** A percent-unit change with its sign: 1.5 -> '+1.50%', -0.2 -> '-0.20%'. */
export function formatSignedPercent(value: number): string {
  const text = formatPercent(Math.abs(value));
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

/** A 0-1 fraction as a percent with 2 decimals: 0.1234 -> '12.34%'; '—' when unknown. */
export function formatFraction(value: number | null): string {
  return value === null ? '—' : formatPercent(value * 100);
}

export type Tone = 'gain' | 'loss' | 'flat';

/** Whether a change is a gain, a loss or none, for its colour. */
export function changeTone(value: number | null | undefined): Tone {
  if (value === null || value === undefined || value === 0) return 'flat';
  return value > 0 ? 'gain' : 'loss';
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `Jan 5, 2026, 3:04 PM` in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
