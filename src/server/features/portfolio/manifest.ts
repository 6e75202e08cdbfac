import { portfolioAccountData } from './data-export';
import { defineFeature } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { portfolioRoutes } from './routes';
import { savedPortfolio } from './schema';

/** The analyzer's saved portfolio and its valuation (/api/portfolio...). */
export const portfolioFeature = defineFeature({
  name: 'portfolio',
  tables: [{ table: savedPortfolio, exportedIn: 'savedPortfolio' }],
  accountData: portfolioAccountData,
  context: ({ db, use }) => ({ db, marketData: use(marketDataFeature) }),
  routes: [{ plugin: portfolioRoutes, prefix: '/api' }],
});
