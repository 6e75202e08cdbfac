/** The spec's payment texts, word for word (spec 000 §5, §6, §8; spec 001 §8). */
export const BILLING_MESSAGES = {
  missingNameOrEmail: 'Please enter your email and name to continue.',
  alreadySubscribed: 'You already have an active subscription. Use the billing portal to manage it.',
  notConfigured:
    'Payment Service Unavailable: Stripe payment service is not configured. Please contact support.',
  paymentSystemNotReady: 'Payment system not ready. Please refresh the page.',
  noBillingAccount: 'Please complete a subscription to access billing management.',
  subscriptionFailedFallback: 'Unable to start subscription. Please try again.',
  noCheckoutUrl: 'No checkout URL returned',
  noClientSecret: 'No client secret received from server',
  subscriptionCreateFailed: 'Failed to create subscription',
  paymentFailedFallback: 'Payment could not be processed.',
  multiMethodPaymentFailed: 'Unable to process payment. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  portalFailedFallback: 'Unable to access billing portal. Please try again.',
  noPortalUrl: 'No portal URL returned',
} as const;

/**
 * Our words (not the spec's) for an account that has its plan without paying for it, which is refused a
 * purchase before anything is charged (issue 25 item 14; see unpaidPlanBlockingPurchase in
 * src/domain/subscriptions.ts). `planName`: the account's plan, as PLANS names it.
 */
export function unpaidPlanMessage(reason: 'complimentary' | 'demo', planName: string): string {
  return reason === 'complimentary'
    ? `Your ${planName} plan is complimentary: it was granted to your account, so there is nothing to pay. ` +
        'To change your plan, please contact support.'
    : `This demo account already has ${planName}, set in Demo Settings: there is nothing to pay. ` +
        'Demo Settings changes its plan.';
}
