import type { ActivitySource } from '../../../contracts/activities';
import { onFirstUse } from '../../lib/on-first-use';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Money to the cent in its own currency: `$1,234.50`, `€12.00`. */
export function formatMoney(value: number, currency: string): string {
  return moneyFormat(currency, 2).format(value);
}

/** A price per share: to the cent, with up to 6 decimals under 1 (a penny stock, a fraction of a coin). */
export function formatPrice(value: number, currency: string): string {
  return moneyFormat(currency, Math.abs(value) < 1 ? 6 : 2).format(value);
}

/** A gain with its sign: `+$12.50`, `-$3.00`. */
export function formatSignedMoney(value: number, currency: string): string {
  const text = formatMoney(Math.abs(value), currency);
  return value > 0 ? `+${text}` : value < 0 ? `-${text}` : text;
}

const quantityFormat = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 }));

/** Shares as stored (up to 10 decimals), grouped: `1,250.5`. */
export function formatQuantity(value: number): string {
  return quantityFormat().format(value);
}

export { formatDay } from '../../../domain/calendar';

/** Where an activity came from, in words; null for one typed by hand (the usual case, not worth a label). */
export function sourceLabel(source: ActivitySource): string | null {
  switch (source.kind) {
    case 'manual':
      return null;
    case 'import':
      return `Imported from ${source.fileName}, line ${source.line}`;
    case 'opening':
      return 'Opening position';
    case 'map-edit':
      return 'Holdings edited';
    case 'paper':
      return 'Paper trade';
  }
}

/** Today in the browser's own calendar, `YYYY-MM-DD` (the form's default date). */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
