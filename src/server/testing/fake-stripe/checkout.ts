/** Checkout sessions, and a customer completing one: its subscription starts (trialing with a trial). */
import { customerOf } from './customers';
import type { FakeObjects } from './objects';
import type { Subscriptions } from './subscriptions';
import { newId, record, text, type FormValue, type Route } from './wire';

export function createCheckout(
  db: FakeObjects,
  createSubscriptionObject: Subscriptions['createSubscriptionObject'],
) {
  const { clock, store, get } = db;
  /** What Checkout keeps of `subscription_data` (Stripe does not return it on the session). */
  const sessionSubscriptionData = new Map<string, { metadata: Record<string, string>; trialDays: number }>();

  function completeCheckout(sessionId: string) {
    const session = get('checkout.session', sessionId);
    const data = sessionSubscriptionData.get(sessionId) ?? { metadata: {}, trialDays: 0 };
    const lineItem = (session.line_items_for_fake as { price: string }[])[0];
    const subscription = createSubscriptionObject({
      customer: session.customer as string,
      price: get('price', lineItem?.price ?? ''),
      metadata: data.metadata,
      status: data.trialDays > 0 ? 'trialing' : 'active',
      trialDays: data.trialDays,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: data.trialDays > 0 ? 'no_payment_required' : 'paid',
      subscription: subscription.id,
    });
    return { session, subscription };
  }

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      handle: (_m, body) => {
        const lineItems = (Array.isArray(body.line_items) ? body.line_items : []) as Record<
          string,
          FormValue
        >[];
        for (const line of lineItems) get('price', text(line.price) ?? '');
        const subscriptionData = (body.subscription_data ?? {}) as Record<string, FormValue>;
        const id = newId('cs_test');
        sessionSubscriptionData.set(id, {
          metadata: record(subscriptionData.metadata),
          trialDays: Number(text(subscriptionData.trial_period_days) ?? 0),
        });
        return store({
          id,
          object: 'checkout.session',
          allow_promotion_codes: text(body.allow_promotion_codes) === 'true',
          cancel_url: text(body.cancel_url) ?? null,
          client_reference_id: text(body.client_reference_id) ?? null,
          created: clock(),
          customer: customerOf(db, text(body.customer)),
          livemode: false,
          metadata: record(body.metadata),
          mode: text(body.mode),
          payment_status: 'unpaid',
          status: 'open',
          subscription: null,
          success_url: text(body.success_url) ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          line_items_for_fake: lineItems.map((line) => ({ price: text(line.price) })),
        });
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: (m) => get('checkout.session', m[1] ?? ''),
    },
  ];

  return { completeCheckout, forgetSessions: () => sessionSubscriptionData.clear(), routes };
}
