/** Rewards (spec 001 "Rewards (/gamification)"): points and levels, streaks, leaderboards, achievements. */
export * from './points';
export * from './streaks';
export * from './leaderboard';
export * from './achievements';
