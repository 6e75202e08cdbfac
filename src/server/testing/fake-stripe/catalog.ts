/** Products and prices: the catalog `npm run stripe:setup` creates, and its endpoints. */
import { PLANS } from '../../../domain/plans';
import { parsePriceLookupKey } from '../../../domain/subscriptions';
import { PRICE_LOOKUP_KEYS } from '../../providers/payments/stripe';
import type { FakeObjects } from './objects';
import { listOf, newId, StripeHttpError, text, type FormValue, type Route, type StripeObject } from './wire';

const PERIOD_BY_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

export function createCatalog({ objects, clock, store, get }: FakeObjects) {
  function createProduct(id: string, name: string): StripeObject {
    return store({
      id,
      object: 'product',
      active: true,
      name,
      metadata: {},
      created: clock(),
      livemode: false,
    });
  }

  function createPrice(fields: {
    product: string;
    unitAmount: number;
    currency: string;
    interval: string;
    lookupKey: string | undefined;
    nickname?: string;
  }): StripeObject {
    return store({
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: clock(),
      currency: fields.currency,
      livemode: false,
      lookup_key: fields.lookupKey ?? null,
      metadata: {},
      nickname: fields.nickname ?? null,
      product: fields.product,
      recurring: { interval: fields.interval, interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: fields.unitAmount,
    });
  }

  function seedPrices() {
    for (const key of PRICE_LOOKUP_KEYS) {
      const parsed = parsePriceLookupKey(key);
      const price = parsed ? PLANS[parsed.plan].price : null;
      if (!parsed || !price) continue;
      const productId = `foliowise_${parsed.plan}`;
      if (!objects.has(productId)) createProduct(productId, `Foliowise ${PLANS[parsed.plan].name}`);
      createPrice({
        product: productId,
        unitAmount: parsed.interval === 'monthly' ? price.monthlyCents : price.yearlyCents,
        currency: 'usd',
        interval: PERIOD_BY_INTERVAL[parsed.interval],
        lookupKey: key,
      });
    }
  }

  function priceByLookupKey(key: string): StripeObject {
    const price = [...objects.values()].find((o) => o.object === 'price' && o.lookup_key === key && o.active);
    if (!price) throw new Error(`fake Stripe: no price ${key}`);
    return price;
  }

  const routes: Route[] = [
    {
      method: 'GET',
      path: /^\/v1\/products\/([^/]+)$/,
      handle: (m) => get('product', m[1] ?? ''),
    },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      handle: (_m, body) => {
        const id = text(body.id) ?? newId('prod');
        if (objects.has(id)) {
          throw new StripeHttpError(400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'Product already exists.',
            param: 'id',
          });
        }
        return createProduct(id, text(body.name) ?? '');
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/prices$/,
      handle: (_m, query) => {
        const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys : [];
        const activeOnly = text(query.active) === 'true';
        const prices = [...objects.values()].filter(
          (o) =>
            o.object === 'price' &&
            (keys.length === 0 || keys.includes(o.lookup_key as string)) &&
            (!activeOnly || o.active),
        );
        return listOf('/v1/prices', prices);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/prices$/,
      handle: (_m, body) => {
        const lookupKey = text(body.lookup_key);
        const holder = [...objects.values()].find((o) => o.object === 'price' && o.lookup_key === lookupKey);
        if (lookupKey && holder) {
          if (text(body.transfer_lookup_key) !== 'true') {
            throw new StripeHttpError(400, {
              type: 'invalid_request_error',
              message: `A price (\`${holder.id}\`) already uses that lookup key.`,
              param: 'lookup_key',
            });
          }
          holder.lookup_key = null;
        }
        const recurring = body.recurring as Record<string, FormValue> | undefined;
        return createPrice({
          product: get('product', text(body.product) ?? '').id,
          unitAmount: Number(text(body.unit_amount)),
          currency: text(body.currency) ?? 'usd',
          interval: text(recurring?.interval) ?? 'month',
          lookupKey,
          nickname: text(body.nickname),
        });
      },
    },
  ];

  return { seedPrices, priceByLookupKey, routes };
}
