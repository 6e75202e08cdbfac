import { clientsAccountData } from './data-export';
import { defineFeature } from '../../feature';
import { marketDataFeature } from '../market-data/manifest';
import { clientsRoutes } from './routes';
import { clientPortfolio } from './schema';
import type { ClientsContext } from './service';

/** Client portfolios (decision 032): a Professional user's named clients, each with its holdings. */
export const clientsFeature = defineFeature({
  name: 'clients',
  tables: [{ table: clientPortfolio, exportedIn: 'clients' }],
  accountData: clientsAccountData,
  context: ({ db, use }): ClientsContext => ({ db, marketData: use(marketDataFeature) }),
  routes: [{ plugin: clientsRoutes, prefix: '/api/clients' }],
  planFeatures: ['multi-client'],
});
