import Stripe from 'stripe';
import { BILLING_INTERVALS, chargeCents, PAID_PLAN_IDS, PLANS, type PaidPlanId } from '../../../domain/plans';
import { priceLookupKey } from '../../../domain/subscriptions';
import { PRICE_LOOKUP_KEYS } from './stripe';

export interface CatalogChange {
  lookupKey: string;
  priceId: string;
  /** created: the key was free; replaced: the key moved to a new price (the amount changed); unchanged. */
  action: 'created' | 'replaced' | 'unchanged';
}

const CURRENCY = 'usd';
const STRIPE_INTERVAL = { monthly: 'month', yearly: 'year' } as const;

/** Our product of a plan has a fixed id, so it is found again without a search. */
function productIdOf(plan: PaidPlanId): string {
  return `foliowise_${plan}`;
}

async function ensureProduct(stripe: Stripe, plan: PaidPlanId): Promise<void> {
  try {
    await stripe.products.retrieve(productIdOf(plan));
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing')
      throw error;
    await stripe.products.create({
      id: productIdOf(plan),
      name: `Foliowise ${PLANS[plan].name}`,
      description: PLANS[plan].tagline,
    });
  }
}

/**
 * `npm run stripe:setup`: makes the account's catalog match src/domain/plans.ts — one product per paid plan
 * and the four prices under our lookup keys. Idempotent: a second run finds everything and changes nothing;
 * after a price change in plans.ts it creates the new price and moves the lookup key to it
 * (`transfer_lookup_key`), so new subscriptions get it and existing ones keep theirs.
 */
export async function setUpStripeCatalog(stripe: Stripe): Promise<CatalogChange[]> {
  for (const plan of PAID_PLAN_IDS) await ensureProduct(stripe, plan);
  const existing = await stripe.prices.list({
    lookup_keys: [...PRICE_LOOKUP_KEYS],
    active: true,
    limit: 100,
  });
  const changes: CatalogChange[] = [];
  for (const plan of PAID_PLAN_IDS) {
    const planPrice = PLANS[plan].price;
    if (!planPrice) continue;
    for (const interval of BILLING_INTERVALS) {
      const lookupKey = priceLookupKey(plan, interval);
      const amount = chargeCents(planPrice, interval);
      const found = existing.data.find((price) => price.lookup_key === lookupKey);
      const productId = typeof found?.product === 'string' ? found.product : found?.product.id;
      const matches =
        found !== undefined &&
        found.unit_amount === amount &&
        found.currency === CURRENCY &&
        found.recurring?.interval === STRIPE_INTERVAL[interval] &&
        productId === productIdOf(plan);
      if (found && matches) {
        changes.push({ lookupKey, priceId: found.id, action: 'unchanged' });
        continue;
      }
      const created = await stripe.prices.create({
        product: productIdOf(plan),
        unit_amount: amount,
        currency: CURRENCY,
        recurring: { interval: STRIPE_INTERVAL[interval] },
        lookup_key: lookupKey,
        nickname: `${PLANS[plan].name} ${interval}`,
        ...(found ? { transfer_lookup_key: true } : {}),
      });
      changes.push({ lookupKey, priceId: created.id, action: found ? 'replaced' : 'created' });
    }
  }
  return changes;
}
