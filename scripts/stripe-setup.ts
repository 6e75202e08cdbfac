// `npm run stripe:setup`: creates the Foliowise products and the four prices (by lookup key) in the Stripe
// account of STRIPE_SECRET_KEY, idempotently (src/server/providers/payments/setup.ts). STRIPE_API_BASE_URL
// points it at another API server (the tests' fake).
import { createStripeClient } from '../src/server/providers/payments/stripe';
import { setUpStripeCatalog } from '../src/server/providers/payments/setup';

const secretKey = process.env.STRIPE_SECRET_KEY?.trim();
if (!secretKey) {
  console.error('STRIPE_SECRET_KEY is not set: nothing to set up.');
  process.exit(1);
}
const apiBaseUrl = process.env.STRIPE_API_BASE_URL?.trim() || undefined;
const stripe = createStripeClient({ secretKey, apiBaseUrl, maxNetworkRetries: 2 });
try {
  for (const change of await setUpStripeCatalog(stripe)) {
    console.log(`${change.lookupKey}: ${change.action} (${change.priceId})`);
  }
} catch (error) {
  console.error(`Stripe setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
