import { billingAccountData } from './data-export';
import { defineFeature, type FeatureDeps } from '../../feature';
import type { JobContext } from '../../jobs/job';
import { createPaymentsProvider } from '../../providers/payments';
import { deleteOldStripeEvents } from './repository';
import { billingRoutes } from './routes';
import { premiumPurchase, stripeEvent, subscription, trialEmail } from './schema';
import { createWebhookWorkQueue, processDueEvents, reviewDuePlans, type BillingContext } from './service';

export interface BillingOptions {
  /** Stripe's timeout and retries (tests: short, none). */
  stripeTimeoutMs?: number;
  stripeMaxRetries?: number;
  /** The clock plans are derived at. */
  now?: () => Date;
}

/** Batches of due events one run of the retry job applies at most (processDueEvents reads 100 at a time). */
const RETRY_BATCHES_PER_RUN = 10;

/**
 * The retry job's work: the stored webhook events whose Stripe read failed and whose retry is due, batch after
 * batch until a batch is short (or RETRY_BATCHES_PER_RUN); answers how many it tried.
 */
async function retryDueEvents(context: BillingContext, { now }: JobContext): Promise<number> {
  let tried = 0;
  for (let batch = 0; batch < RETRY_BATCHES_PER_RUN; batch += 1) {
    const count = await processDueEvents(context, now);
    tried += count;
    if (count < 100) break;
  }
  return tried;
}

/**
 * Plans and payments (spec 000 §7): Stripe Checkout, the billing portal, one-month purchases, and the webhook
 * pipeline that alone sets a paid plan (verify, store, answer, read back from Stripe, apply once).
 */
export const billingFeature = defineFeature({
  name: 'billing',
  tables: [
    { table: subscription, exportedIn: 'billing' },
    { table: premiumPurchase, exportedIn: 'billing' },
    {
      table: stripeEvent,
      holdsNoAccountRows:
        "Stripe's webhook events by event id, as Stripe signed them, kept 30 days after they were applied; what they changed is in `subscription` and `premium_purchase`",
    },
    {
      table: trialEmail,
      holdsNoAccountRows:
        'keyed one-way digests of the emails that had a free trial, tied to no account and kept after deletion so that an email gets one trial',
    },
  ],
  accountData: billingAccountData,
  context: ({ config, db, log, emailDigest, options = {} }: FeatureDeps<BillingOptions>): BillingContext => ({
    db,
    payments: createPaymentsProvider(config, {
      timeoutMs: options.stripeTimeoutMs,
      maxNetworkRetries: options.stripeMaxRetries,
    }),
    webhookSecret: config.stripe.webhookSecret,
    emailDigest,
    publicUrl: config.publicUrl,
    now: options.now ?? (() => new Date()),
    log,
    webhookWork: createWebhookWorkQueue(),
  }),
  routes: [{ plugin: billingRoutes, prefix: '/api' }],
  jobs: [
    {
      // A past_due grace, a canceled period or a one-month purchase ends without a Stripe event.
      name: 'review-billing-plans',
      period: 'hourly',
      run: ({ db, now }) => reviewDuePlans(db, now),
    },
    {
      name: 'delete-old-stripe-events',
      period: 'daily',
      run: ({ db, now }) => deleteOldStripeEvents(db, now),
    },
    {
      // Events whose Stripe read failed, and those the in-memory queue had no room for, once their retry is due.
      name: 'retry-stripe-events',
      period: 'minute',
      run: (job, context) => retryDueEvents(context, job),
    },
  ],
  // Events being applied finish before the database closes; those still waiting stay stored and due, for the
  // retry job of this or another instance.
  shutdown: (context) => context.webhookWork.stop(),
});
