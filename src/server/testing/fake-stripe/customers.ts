/** Customers and the billing portal sessions opened for them. */
import type { FakeObjects } from './objects';
import { newId, record, StripeHttpError, text, type Route } from './wire';

/** The customer a request names, as Stripe checks it: a 400 when it is missing or unknown. */
export function customerOf({ objects }: FakeObjects, id: string | undefined): string {
  if (!id) {
    throw new StripeHttpError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: 'Missing required param: customer.',
      param: 'customer',
    });
  }
  const customer = objects.get(id);
  if (!customer || customer.object !== 'customer') {
    throw new StripeHttpError(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such customer: '${id}'`,
      param: 'customer',
    });
  }
  return id;
}

export function customerRoutes(db: FakeObjects): Route[] {
  const { clock, store, get } = db;
  return [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle: (_m, body) =>
        store({
          id: newId('cus'),
          object: 'customer',
          created: clock(),
          email: text(body.email) ?? null,
          livemode: false,
          metadata: record(body.metadata),
          name: text(body.name) ?? null,
        }),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (m, body) => {
        const customer = get('customer', m[1] ?? '');
        if (text(body.email)) customer.email = text(body.email);
        if (text(body.name)) customer.name = text(body.name);
        return customer;
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/billing_portal\/sessions$/,
      handle: (_m, body) => {
        const id = newId('bps');
        return store({
          id,
          object: 'billing_portal.session',
          created: clock(),
          customer: customerOf(db, text(body.customer)),
          livemode: false,
          return_url: text(body.return_url) ?? null,
          url: `https://billing.stripe.com/p/session/test_${id.slice(4)}`,
        });
      },
    },
  ];
}
