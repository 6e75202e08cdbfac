import { rewardsAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { rewardsRoutes } from './routes';
import { pointTransaction, userAchievement, userPeriodPoints, userPoints } from './schema';
import { createRewardsEngine, type RewardsContext, type RewardsOptions } from './service';

/** Points, achievements, streaks and leaderboards (/api/rewards, ...); the engine that books them. */
export const rewardsFeature = defineFeature({
  name: 'rewards',
  tables: [
    { table: pointTransaction, exportedIn: 'rewards' },
    { table: userPoints, exportedIn: 'rewards' },
    { table: userPeriodPoints, exportedIn: 'rewards' },
    { table: userAchievement, exportedIn: 'rewards' },
  ],
  accountData: rewardsAccountData,
  context: ({ db, options }: FeatureDeps<RewardsOptions>) => {
    const context: RewardsContext = { db, now: options?.now ?? (() => new Date()) };
    // One engine per app: paper trading and analysis tell it what earned points.
    return { ...context, engine: createRewardsEngine(context) };
  },
  routes: [{ plugin: rewardsRoutes, prefix: '/api' }],
});
