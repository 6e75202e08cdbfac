/**
 * The one definition of an investor's time horizon (issue #25 item 10), used by the advisor and the trading
 * suggestions alike: spec 001 §9's short (<1 year), medium (1-3 years), long (3+ years).
 */
export const TIME_HORIZONS = ['short', 'medium', 'long'] as const;
export type TimeHorizon = (typeof TIME_HORIZONS)[number];

/** Spec 001 §9: each horizon's span, as the forms show it; also the advisor's recommendation timeframe. */
export const TIME_HORIZON_LABELS: Readonly<Record<TimeHorizon, string>> = {
  short: '<1 year',
  medium: '1-3 years',
  long: '3+ years',
};

const TIME_HORIZON_NAMES: Readonly<Record<TimeHorizon, string>> = {
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
};

/** A horizon as a form's option reads: 'Medium (1-3 years)'. */
export function timeHorizonOption(horizon: TimeHorizon): string {
  return `${TIME_HORIZON_NAMES[horizon]} (${TIME_HORIZON_LABELS[horizon]})`;
}
