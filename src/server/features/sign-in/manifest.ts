import { defineFeature } from '../../feature';
import { limitsModule } from '../../limits/manifest';
import { paperTradingFeature } from '../paper-trading/manifest';
import { deleteAbandonedDemoAccounts } from './abandoned-demo-accounts';
import { createLoginThrottle } from './login-throttle';
import { deleteExpiredAccountTokens } from './repository';
import { signInRoutes } from './routes';
import { accountToken } from './schema';

/**
 * /api/auth: signup, email verification, password sign-in and reset, sign-out, the session probe and demo
 * accounts. Accounts, sessions and their queries are auth's (src/server/auth); the mailed links are this one's.
 */
export const signInFeature = defineFeature({
  name: 'signIn',
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
  }),
  routes: [{ plugin: signInRoutes, prefix: '/api/auth' }],
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
