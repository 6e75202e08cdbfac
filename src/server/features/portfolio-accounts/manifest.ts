import { portfolioAccountsAccountData } from './data-export';
import { defineFeature } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { portfolioAccountsRoutes } from './routes';
import { portfolioAccount } from './schema';
import type { PortfolioAccountsContext } from './service';

/** Multi-account aggregation (decision 026): brokerage, retirement and savings accounts valued together. */
export const portfolioAccountsFeature = defineFeature({
  name: 'portfolioAccounts',
  tables: [{ table: portfolioAccount, exportedIn: 'portfolioAccounts' }],
  accountData: portfolioAccountsAccountData,
  context: ({ db, use }): PortfolioAccountsContext => ({ db, marketData: use(marketDataFeature) }),
  routes: [{ plugin: portfolioAccountsRoutes, prefix: '/api/portfolio-accounts' }],
  planFeatures: ['multi-account-aggregation'],
});
