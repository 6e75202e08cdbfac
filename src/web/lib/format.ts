import { CRYPTO_PREFIX } from '../../domain/symbol-kind';
import { onFirstUse } from './on-first-use';

const usd2 = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const usd0 = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const percent2 = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const number8 = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 }));
const coins4 = onFirstUse(
  () => new Intl.NumberFormat('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 }),
);
const shares4 = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }));

function finiteOrZero(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** $1,234.56 — money arrives as numbers or as numeric strings. */
export function formatUsd(value: number | string | null | undefined): string {
  return usd2().format(finiteOrZero(value));
}

/** $1,235 — account cards and panels (spec 000 §9). */
export function formatUsdWhole(value: number | string | null | undefined): string {
  return usd0().format(finiteOrZero(value));
}

/** 5.23 -> "5.23%": the input is a percentage, divided by 100 before formatting (spec 000 §9). */
export function formatPercent(value: number | string | null | undefined): string {
  return percent2().format(finiteOrZero(value) / 100);
}

/** Up to 8 fraction digits; a non-finite value shows as 0 (spec 000 §5). */
export function formatNumber(value: number | string | null | undefined): string {
  return number8().format(finiteOrZero(value));
}

/** Spec 000 §2: crypto shows 4 decimals as coins ('0.2500 coins'), stocks as shares ('15 shares'). */
export function formatHoldingQuantity(symbol: string, quantity: number): string {
  if (symbol.toUpperCase().startsWith(CRYPTO_PREFIX)) {
    return `${coins4().format(quantity)} ${quantity === 1 ? 'coin' : 'coins'}`;
  }
  return `${shares4().format(quantity)} ${quantity === 1 ? 'share' : 'shares'}`;
}

/** A sign for what the tone says: a change that shows as zero has none. */
function withSign(value: number | string, text: string): string {
  const tone = changeTone(value);
  return tone === 'gain' ? `+${text}` : tone === 'loss' ? `-${text}` : text;
}

/** A percent-unit change with its sign: 1.5 -> '+1.50%', -0.2 -> '-0.20%', -0.004 -> '0.00%'. */
export function formatSignedPercent(value: number | string): string {
  return withSign(value, formatPercent(Math.abs(finiteOrZero(value))));
}

/** A dollar change with its sign: 12.5 -> '+$12.50', -0.25 -> '-$0.25', 0 -> '$0.00'. */
export function formatSignedUsd(value: number | string): string {
  return withSign(value, formatUsd(Math.abs(finiteOrZero(value))));
}

/** A 0-1 fraction as a percent with 2 decimals: 0.1234 -> '12.34%'; '—' when unknown. */
export function formatFraction(value: number | null): string {
  return value === null ? '—' : formatPercent(value * 100);
}

export type Tone = 'gain' | 'loss' | 'flat';

/**
 * Whether a change is a gain, a loss or none, as it shows with 2 decimals: the one rule for the sign and the
 * colour of every change in the app, so that a -0.004 % return that shows as 0.00% is neutral, never green
 * beside a red dollar loss.
 */
export function changeTone(value: number | string | null | undefined): Tone {
  const n = finiteOrZero(value);
  // Half away from zero, as Intl.NumberFormat rounds what is shown.
  const shown = Math.sign(n) * Math.round(Math.abs(n) * 100);
  if (shown === 0) return 'flat';
  return shown > 0 ? 'gain' : 'loss';
}

/** The text colour of each tone on a light background (all pass WCAG AA on white). */
export const TONE_TEXT_CLASS: Readonly<Record<Tone, string>> = {
  gain: 'text-success',
  loss: 'text-destructive',
  flat: 'text-muted-foreground',
};

/** The text colour of a change: green for a gain, red for a loss, neutral when it shows as zero. */
export function toneTextClass(value: number | string | null | undefined): string {
  return TONE_TEXT_CLASS[changeTone(value)];
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** `Jan 5, 2026, 3:04 PM` in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
}
