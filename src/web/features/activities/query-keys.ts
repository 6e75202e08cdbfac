/**
 * Every query of one portfolio's history starts with `portfolioActivityKey(portfolio)` (its pages of activities and
 * its holdings), so a change of the history refetches both with one invalidation.
 */
export const portfolioActivityKey = (portfolio: string) => ['activities', portfolio] as const;
