/**
 * Every paper-trading query key starts with `paperTradingRootKey`, so one invalidation refetches all of them
 * (spec 001 §4: after a trade all paper-trading data is refreshed).
 */
export const paperTradingRootKey = ['paper-trading'] as const;
