import { defineFeature } from '../../feature';
import { billingFeature } from '../billing/manifest';
import { adminRoutes } from './routes';
import { adminAuditLog, adminDailyCount } from './schema';
import type { AdminContext } from './service';

/** /api/admin (decision 029): figures, users, plan grants, suspensions, deletions, messages, the audit log. */
export const adminFeature = defineFeature({
  name: 'admin',
  tables: [
    {
      table: adminAuditLog,
      leftOutOfExport:
        "the operators' record of admin actions (who granted, suspended or deleted what): kept for the operators, also after the account is deleted; it is not data the account stored",
    },
    {
      table: adminDailyCount,
      holdsNoAccountRows: "running totals per metric and day for the admin's figures (counts, no ids)",
    },
  ],
  context: ({ db, use }): AdminContext => ({
    db,
    now: () => new Date(),
    // Deleting an account cancels its Stripe subscriptions first.
    billing: use(billingFeature),
  }),
  routes: [{ plugin: adminRoutes, prefix: '/api/admin' }],
});
