import { formatSharePrice, formatUsd } from '../../../domain/paper-trading';
import { symbolKindOf } from '../../../domain/symbol-kind';

/** Money strings from the API ("10000.00"), shown exactly: `$10,000.00`. */
export const formatMoney = (value: string): string => formatUsd(value);

/** A share price, 2 to 6 decimals as filled: `$215.00`, `$0.123456`. */
export const formatPrice = (value: string | number): string => formatSharePrice(value);

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A UTC calendar day (YYYY-MM-DD) as `Jan 5`. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : shortDate.format(date);
}

/** A holding's or an order's size in its unit: `1 share`, `10 shares`, a coin's `1 coin`, `100 coins`. */
export function formatQuantity(symbol: string, quantity: number): string {
  const unit = symbolKindOf(symbol) === 'crypto' ? 'coin' : 'share';
  return `${quantity} ${quantity === 1 ? unit : `${unit}s`}`;
}
