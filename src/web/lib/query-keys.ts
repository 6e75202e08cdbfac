/**
 * Query-key roots that more than one feature needs. Every rewards query key starts with `rewardsQueryRoot`;
 * paper trading earns points, so its mutations invalidate that root too (spec 001 §4).
 */
export const rewardsQueryRoot = ['rewards'] as const;

/**
 * Every performance query key starts with `performanceQueryRoot`, then the portfolio's key (`paper:<id>`): a paper
 * trade changes that portfolio's returns, so it invalidates them with the rest of paper trading (spec 001 §4).
 */
export const performanceQueryRoot = ['performance'] as const;

/** The performance queries of one portfolio (its key: `me`, `account:<id>`, `paper:<id>`…). */
export const performanceQueryKeyOf = (portfolio: string) => [...performanceQueryRoot, portfolio] as const;
