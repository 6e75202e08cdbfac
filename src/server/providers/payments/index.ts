/** Stripe, the payments provider (DESIGN.md "payments"), behind the PaymentsProvider interface. */
import type { AppConfig } from '../../config';
import { createStripePaymentsProvider, type StripeProviderOptions } from './stripe';
import type { PaymentsProvider } from './types';

export { verifyWebhookEvent, WebhookSignatureError } from './stripe';
export * from './types';

/** The provider of the configured account; undefined without STRIPE_SECRET_KEY (every payment call then answers 503). */
export function createPaymentsProvider(
  config: AppConfig,
  options: Partial<Omit<StripeProviderOptions, 'secretKey' | 'apiBaseUrl'>> = {},
): PaymentsProvider | undefined {
  const { secretKey, apiBaseUrl } = config.stripe;
  if (!secretKey) return undefined;
  return createStripePaymentsProvider({ secretKey, apiBaseUrl, ...options });
}
