/**
 * Every paper-trading query key starts with `paperTradingRootKey`, so one invalidation refetches all of them
 * (spec 001 §4: after a trade all paper-trading data is refreshed).
 *
 * Paper trading earns points, so its mutations also refresh the points. The rewards feature keys all its
 * queries under ['rewards'] (src/web/features/rewards/query-keys.ts, `rewardsKeys.all`); ['points'] is kept
 * for any points query keyed the spec's way. Features do not import each other, hence the copy here.
 */
export const paperTradingRootKey = ['paper-trading'] as const;
export const pointsRootKeys = [['points'], ['rewards']] as const;
