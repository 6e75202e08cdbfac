// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { createQueryClient } from '../../lib/query-client';
import { watchToasts } from '../../testing/render-page';
import { usePaymentReturnToast } from './payment-return';

function returnTo(search: string) {
  window.history.replaceState(null, '', `/app${search}`);
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => usePaymentReturnToast(), { wrapper });
}

afterEach(() => cleanup());

describe('usePaymentReturnToast (/app after Stripe)', () => {
  it("says 'Payment Successful' once and drops Stripe's parameters from the address", () => {
    const toasts = watchToasts();
    returnTo(
      '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded&tab=x',
    );
    expect(toasts.current()).toEqual([
      'Payment Successful: Thank you! Your plan is updated as soon as Stripe confirms the payment.',
    ]);
    expect(window.location.search).toBe('?tab=x');
    toasts.clear();
  });

  it("says 'Payment Failed' for a failed redirect", () => {
    const toasts = watchToasts();
    returnTo('?payment_intent=pi_1&redirect_status=failed');
    expect(toasts.current()).toEqual([`Payment Failed: ${BILLING_MESSAGES.paymentFailedFallback}`]);
    expect(window.location.search).toBe('');
    toasts.clear();
  });

  it('says nothing on an ordinary visit', () => {
    const toasts = watchToasts();
    returnTo('?tab=x');
    expect(toasts.current()).toEqual([]);
    expect(window.location.search).toBe('?tab=x');
  });
});
