import { defineFeature } from '../../feature';
import { limitsModule } from '../../limits/manifest';
import { createRobinhoodConnector } from '../../providers/brokers/robinhood';
import { brokersRoutes } from './routes';

/** The Robinhood import (/api/import/robinhood...): holdings read from the broker, nothing stored. */
export const brokersFeature = defineFeature({
  name: 'brokers',
  tables: [],
  context: ({ config, use }) => ({
    robinhood: createRobinhoodConnector({
      baseUrl: config.robinhoodBaseUrl,
      cryptoBaseUrl: config.robinhoodCryptoBaseUrl,
    }),
    limits: use(limitsModule),
  }),
  routes: [{ plugin: brokersRoutes, prefix: '/api' }],
});
