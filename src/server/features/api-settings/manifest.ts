import { apiSettingsAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import { apiSettingsRoutes } from './routes';
import { userApiKey } from './schema';
import type { ApiSettingsContext, ApiSettingsOptions } from './service';

/** /api/settings/api-keys: a user's own market-data vendor keys, encrypted. */
export const apiSettingsFeature = defineFeature({
  name: 'apiSettings',
  tables: [{ table: userApiKey, exportedIn: 'apiKeys' }],
  accountData: apiSettingsAccountData,
  context: ({ config, db, options }: FeatureDeps<ApiSettingsOptions>): ApiSettingsContext => ({
    db,
    appSecret: config.appSecret,
    settings: options ?? {},
  }),
  routes: [{ plugin: apiSettingsRoutes, prefix: '/api/settings/api-keys' }],
});
