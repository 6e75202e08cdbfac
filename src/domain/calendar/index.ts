/** One calendar for the whole app: ISO dates, time zones, and the US stock market (NYSE) calendar. */
export * from './iso-dates';
export * from './time-zones';
export * from './us-market';
