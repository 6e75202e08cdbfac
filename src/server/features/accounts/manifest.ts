import { defineFeature } from '../../feature';
import { limitsModule } from '../../limits/manifest';
import { billingFeature } from '../billing/manifest';
import { paperTradingFeature } from '../paper-trading/manifest';
import { deleteAbandonedDemoAccounts } from './abandoned-demo-accounts';
import { deleteExpiredAccountTokens } from './account-repository';
import { accountRoutes } from './account-routes';
import { createLoginThrottle } from './login-throttle';
import { accountsRoutes } from './routes';
import { accountToken } from './schema';

/** Signing in (/api/auth) and the signed-in user's own account (/api/account). */
export const accountsFeature = defineFeature({
  name: 'accounts',
  tables: [
    {
      table: accountToken,
      leftOutOfExport:
        'the SHA-256 hashes of mailed verification and reset links: secrets that would only help someone who stole the file',
    },
  ],
  context: ({ config, db, mail, use }) => ({
    db,
    adminEmails: config.adminEmails,
    demoFeatures: config.demoFeatures,
    loginThrottle: createLoginThrottle({ limits: use(limitsModule), secret: config.appSecret }),
    mail,
    // A demo account is filled with a sample portfolio and a few paper trades.
    paperTrading: use(paperTradingFeature),
    // Deleting an account cancels its Stripe subscriptions first.
    billing: use(billingFeature),
  }),
  routes: [
    { plugin: accountsRoutes, prefix: '/api/auth' },
    { plugin: accountRoutes, prefix: '/api/account' },
  ],
  jobs: [
    {
      name: 'delete-expired-account-tokens',
      period: 'hourly',
      run: ({ db, now }) => deleteExpiredAccountTokens(db, now),
    },
    {
      // Demo accounts created over 7 days ago with no session live or used in that time, with all their data.
      name: 'delete-abandoned-demo-accounts',
      period: 'daily',
      run: ({ db, now }) => deleteAbandonedDemoAccounts(db, now),
    },
  ],
});
