/**
 * Query-key roots that more than one feature needs. Every rewards query key starts with `rewardsQueryRoot`;
 * paper trading earns points, so its mutations invalidate that root too (spec 001 §4).
 */
export const rewardsQueryRoot = ['rewards'] as const;
