import type { FastifyPluginAsync } from 'fastify';
import {
  ZBillingSummary,
  ZCheckoutSessionRequest,
  ZCheckoutSessionStatus,
  ZCheckoutSessionStatusParams,
  ZCreateSubscriptionRequest,
  ZCreateSubscriptionResponse,
  ZPaymentIntentRequest,
  ZPaymentIntentResponse,
  ZPortalSessionRequest,
  ZRedirectUrlResponse,
} from '../../../contracts/billing';
import { requireUser, signedInUser } from '../../auth/guards';
import { parseWith } from '../../http/errors';
import { perUserLimit } from '../../limits/per-user';
import {
  createCheckoutSession,
  createOneMonthPaymentIntent,
  createPortalSession,
  createSubscription,
  getBillingSummary,
  getCheckoutSessionStatus,
  receiveStripeWebhook,
} from './service';

/** Stripe calls cost money and Stripe's own rate limit: a person needs a few a minute. */
const PAYMENT_CALL_LIMIT = perUserLimit(20, 60_000);

/**
 * Plans and payments (spec 000 §7, spec 001 /success and billing portal), registered under /api. Every call is
 * for the signed-in user (401 for a visitor); the plan is never set here, only by the Stripe webhook.
 */
export const billingRoutes: FastifyPluginAsync = async (app) => {
  const context = app.services.billing;

  app.post(
    '/create-checkout-session',
    { preHandler: requireUser, config: PAYMENT_CALL_LIMIT },
    async (request) => {
      const body = parseWith(ZCheckoutSessionRequest, request.body);
      const result = await createCheckoutSession({
        context,
        user: signedInUser(request),
        plan: body.plan,
        interval: body.interval,
        userId: body.userId,
      });
      return ZRedirectUrlResponse.parse(result);
    },
  );

  app.post(
    '/create-subscription',
    { preHandler: requireUser, config: PAYMENT_CALL_LIMIT },
    async (request) => {
      const body = parseWith(ZCreateSubscriptionRequest, request.body);
      const result = await createSubscription({
        context,
        user: signedInUser(request),
        plan: body.plan,
        interval: body.interval,
        customerEmail: body.customerEmail,
        customerName: body.customerName,
      });
      return ZCreateSubscriptionResponse.parse(result);
    },
  );

  app.post(
    '/create-payment-intent',
    { preHandler: requireUser, config: PAYMENT_CALL_LIMIT },
    async (request) => {
      parseWith(ZPaymentIntentRequest, request.body);
      const result = await createOneMonthPaymentIntent({ context, user: signedInUser(request) });
      return ZPaymentIntentResponse.parse(result);
    },
  );

  app.post(
    '/create-portal-session',
    { preHandler: requireUser, config: PAYMENT_CALL_LIMIT },
    async (request) => {
      // A customerId in the body is accepted and ignored: the portal is always the session user's own.
      parseWith(ZPortalSessionRequest, request.body);
      const result = await createPortalSession({
        context,
        user: signedInUser(request),
      });
      return ZRedirectUrlResponse.parse(result);
    },
  );

  app.get('/checkout-sessions/:sessionId', { preHandler: requireUser }, async (request) => {
    const { sessionId } = parseWith(ZCheckoutSessionStatusParams, request.params);
    const result = await getCheckoutSessionStatus({ context, user: signedInUser(request), sessionId });
    return ZCheckoutSessionStatus.parse(result);
  });

  app.get('/billing', { preHandler: requireUser }, async (request) => {
    return ZBillingSummary.parse(await getBillingSummary({ context, user: signedInUser(request) }));
  });

  // Stripe's webhook needs the body exactly as sent (the signature covers its bytes), so this route alone
  // reads it as a Buffer, whatever its content type. It carries no cookie and no Origin: the cross-site
  // check of mutating requests (http/security.ts) lets it through, and the signature is its authentication.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post('/stripe/webhook', async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const result = await receiveStripeWebhook({
        context,
        rawBody,
        signature: typeof signature === 'string' ? signature : undefined,
      });
      return { received: true, duplicate: result.duplicate };
    });
  });
};
