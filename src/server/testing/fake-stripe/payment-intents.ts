/** Payment intents (the one-month payment), and Stripe marking one succeeded. */
import { randomBytes } from 'node:crypto';
import { customerOf } from './customers';
import type { FakeObjects } from './objects';
import { newId, record, text, type Route, type StripeObject } from './wire';

export function createPaymentIntents(db: FakeObjects) {
  const { clock, store, get } = db;

  function succeedPaymentIntent(id: string): StripeObject {
    const intent = get('payment_intent', id);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
    return intent;
  }

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle: (_m, body) => {
        const intent = store({
          id: newId('pi'),
          object: 'payment_intent',
          amount: Number(text(body.amount)),
          amount_received: 0,
          automatic_payment_methods: { enabled: true },
          client_secret: '',
          created: clock(),
          currency: text(body.currency) ?? 'usd',
          customer: body.customer === undefined ? null : customerOf(db, text(body.customer)),
          livemode: false,
          metadata: record(body.metadata),
          status: 'requires_payment_method',
        });
        intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
        return intent;
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (m) => get('payment_intent', m[1] ?? ''),
    },
  ];

  return { succeedPaymentIntent, routes };
}
