/**
 * What every part of billing runs on: its context, the payments provider (or the spec's 503 without one), and
 * how a one-month payment is marked.
 */
import type { FastifyBaseLogger } from 'fastify';
import { BILLING_MESSAGES } from '../../../contracts/billing';
import { AppError } from '../../../contracts/errors';
import type { EmailDigest } from '../../crypto/email-digest';
import type { Database } from '../../db/client';
import type { WorkQueue } from '../../lib/concurrency';
import type { PaymentsProvider } from '../../providers/payments';

/** What the billing feature runs on (app.services.billing). */
export interface BillingContext {
  db: Database;
  /** Undefined without STRIPE_SECRET_KEY: every payment call answers 503 with the spec's message. */
  payments: PaymentsProvider | undefined;
  webhookSecret: string | undefined;
  /**
   * The configured public URL (PUBLIC_URL, else the address the server listens on; config.ts): the base of
   * Stripe's return links. Never the request's Host header, which the client writes.
   */
  publicUrl: string;
  /** The keyed digest of an email: the free trial is once per email, kept after the account is deleted. */
  emailDigest: EmailDigest;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The webhook events this process applies after answering (webhooks.ts, scheduleEventProcessing). */
  webhookWork: WorkQueue;
}

/** The metadata `purpose` of a one-month Premium payment intent (/checkout). */
export const ONE_MONTH_PURPOSE = 'premium_one_month';
export const ONE_MONTH_CURRENCY = 'usd';

export function paymentsOf(context: BillingContext): PaymentsProvider {
  if (!context.payments) throw new AppError('SERVICE_UNAVAILABLE', BILLING_MESSAGES.notConfigured);
  return context.payments;
}
