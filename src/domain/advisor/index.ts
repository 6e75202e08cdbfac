/** The AI advisor's numbers (spec 001 "AI Financial Advisor"): pure functions over market data. */
export * from './technicals';
export * from './levels';
export * from './risk';
export * from './recommendation';
export * from './alternatives';
export * from './facts';
export * from './words';
export * from './question-topics';
