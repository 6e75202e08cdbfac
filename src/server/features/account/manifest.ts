import { defineFeature } from '../../feature';
import { billingFeature } from '../billing/manifest';
import { accountRoutes } from './routes';

/**
 * /api/account: the signed-in user's own account (change password, sign out other devices, 'Download my data',
 * 'Delete my account'). Its rows are other modules' tables: the `user` and `session` tables are auth's.
 */
export const accountFeature = defineFeature({
  name: 'account',
  tables: [],
  context: ({ db, accountData, use }) => ({
    db,
    // 'Download my data': every module's parts, read in one transaction.
    accountData,
    // Deleting an account cancels its Stripe subscriptions first.
    billing: use(billingFeature),
  }),
  routes: [{ plugin: accountRoutes, prefix: '/api/account' }],
});
