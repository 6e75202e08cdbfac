/** The analytics engine: pure functions from holdings, quotes and price history to facts. */
export * from './types';
export * from './format';
export * from './classify';
export * from './returns';
export * from './portfolio';
export * from './risk';
export * from './risk-grid';
export * from './advanced-analytics';
export * from './concentration';
export * from './exposure';
export * from './risk-level';
export * from './diversification';
export * from './health-check';
export * from './insights';
export * from './analyze';
export * from './demo-analysis';
export * from './value-history';
