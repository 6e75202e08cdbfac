/**
 * The migrator's index (drizzle.config.ts, scripts/check-migrations.mjs): every table of the app, each defined in
 * the schema file of the module that owns it. Code imports a table from its owner's schema file, not from here.
 */
export * from '../auth/schema';
export * from '../limits/schema';
export * from '../features/sign-in/schema';
export * from '../features/market-data/schema';
export * from '../features/paper-trading/schema';
export * from '../features/api-settings/schema';
export * from '../features/analysis/schema';
export * from '../features/portfolio/schema';
export * from '../features/rewards/schema';
export * from '../features/billing/schema';
export * from '../features/contact/schema';
export * from '../features/clients/schema';
export * from '../features/alerts/schema';
export * from '../features/portfolio-accounts/schema';
export * from '../features/trading-suggestions/schema';
export * from '../features/advisor/schema';
export * from '../features/admin/schema';
export * from '../features/reports/schema';
export * from '../features/activities/schema';
export * from '../features/performance/schema';
