import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { serverMessage } from '../../lib/api-client';

/** The status of an `AppError` from the API client, when it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** A 503 from a payment endpoint: Stripe is not configured on the server. */
export function isPaymentsUnavailable(error: unknown): boolean {
  return errorStatus(error) === 503;
}

/** What a failed payment call tells the person: the not-configured text, the server's message, or `fallback`. */
export function billingErrorMessage(error: unknown, fallback: string): string {
  if (isPaymentsUnavailable(error)) return BILLING_MESSAGES.notConfigured;
  return serverMessage(error, fallback);
}
