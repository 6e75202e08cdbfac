import type { AdminUser } from '../../../contracts/admin';
import { onFirstUse } from '../../lib/on-first-use';

const shortDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);

/** Spec 001 §2: a missing date shows 'N/A'. */
export function formatJoined(iso: string | null): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : shortDate().format(date);
}

const PLAN_LABELS: Record<AdminUser['subscription_plan'], string> = {
  free: 'Free',
  premium: 'Premium',
  professional: 'Professional',
};

export function planLabel(plan: AdminUser['subscription_plan']): string {
  return PLAN_LABELS[plan];
}

/** The billing status as stored ('active', 'trialing', 'complimentary', ...); 'none' reads as no subscription. */
export function statusLabel(status: string): string {
  return status === 'none' ? 'no subscription' : status.replaceAll('_', ' ');
}
