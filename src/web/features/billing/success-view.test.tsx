// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSummary, CheckoutSessionStatus } from '../../../contracts/billing';
import { renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser } from '../../testing/stub-api';
import { SUCCESS_BENEFITS, SuccessView } from './success-view';

const ADA = { status: 200, body: { user: testUser({ plan: 'premium' }) } };
const BILLING: BillingSummary = {
  plan: 'premium',
  status: 'trialing',
  interval: 'monthly',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  trialEndsAt: '2026-12-01T00:00:00.000Z',
  hasBillingAccount: true,
};
const PAID: CheckoutSessionStatus = {
  sessionId: 'cs_test_a1',
  status: 'complete',
  paymentStatus: 'no_payment_required',
  plan: 'premium',
  interval: 'monthly',
  trialEndsAt: '2026-12-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const benefitsShown = () => SUCCESS_BENEFITS.filter((b) => screen.queryByText(b.title) !== null).length;

describe('/success', () => {
  it('shows a session the server verified as paid, with the benefits, the links and the portal card', async () => {
    const api = stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/billing': { status: 200, body: BILLING },
      'GET /api/checkout-sessions/cs_test_a1': { status: 200, body: PAID },
    });
    renderAt('/success?session_id=cs_test_a1', <SuccessView />);
    expect(await screen.findByText('Payment verified: welcome to Premium!')).toBeTruthy();
    expect(screen.getByText('cs_test_a1')).toBeTruthy();
    expect(screen.getByText(/free trial runs until December 1, 2026/)).toBeTruthy();
    expect(benefitsShown()).toBe(3);
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/terminal', '/app', '/features', '/robinhood-guide', '/about']);
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(api.unexpected).toEqual([]);
  });

  it('never shows a forged or foreign session as paid (the server answers 404)', async () => {
    stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/billing': {
        status: 200,
        body: { ...BILLING, plan: 'free', status: 'none', hasBillingAccount: false },
      },
      'GET /api/checkout-sessions/cs_test_forged': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Checkout session not found' } },
      },
    });
    renderAt('/success?session_id=cs_test_forged', <SuccessView />);
    expect(await screen.findByText('Payment not verified')).toBeTruthy();
    expect(screen.getByText(/could not be verified/)).toBeTruthy();
    expect(screen.getByText('cs_test_forged')).toBeTruthy();
    expect(benefitsShown()).toBe(0);
    expect(screen.queryByText(/welcome/i)).toBeNull();
  });

  it('does not ask the server about an id that is not a Checkout session id, nor call an open session paid', async () => {
    const api = stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/billing': { status: 200, body: BILLING },
      'GET /api/checkout-sessions/cs_test_open': {
        status: 200,
        body: { ...PAID, sessionId: 'cs_test_open', status: 'open', paymentStatus: 'unpaid' },
      },
    });
    renderAt('/success?session_id=..%2Fbilling', <SuccessView />);
    expect(await screen.findByText('Payment not verified')).toBeTruthy();
    expect(api.requests.map((r) => r.route)).not.toContain('GET /api/checkout-sessions/..%2Fbilling');
    cleanup();

    renderAt('/success?session_id=cs_test_open', <SuccessView />);
    expect(await screen.findByText(/has not been completed/)).toBeTruthy();
    expect(benefitsShown()).toBe(0);
  });

  it('asks a visitor to sign in and asks the server nothing', async () => {
    const api = stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt('/success?session_id=cs_test_a1', <SuccessView />);
    expect(await screen.findByText('Please sign in to see your payment.')).toBeTruthy();
    expect(benefitsShown()).toBe(0);
    expect(api.unexpected).toEqual([]);
  });
});
