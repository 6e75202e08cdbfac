// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BillingSummary, CheckoutSessionStatus } from '../../../contracts/billing';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { configReply, renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser } from '../../testing/stub-api';
import { SuccessView, successBenefits } from './success-view';

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

/** The page's one h1, once it reads `name` (it says 'Your payment' while the session loads). */
const expectHeading = async (name: string) =>
  expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
const manageBilling = () => screen.getByRole('button', { name: 'Manage Billing' });
const NOTHING_BOUGHT: BillingSummary = {
  ...BILLING,
  plan: 'free',
  status: 'none',
  interval: null,
  trialEndsAt: null,
  hasBillingAccount: false,
};

const BENEFIT_TITLES = new Set(
  [true, false].flatMap((hasLanguageModel) => successBenefits({ hasLanguageModel }).map((b) => b.title)),
);
const benefitsShown = () => [...BENEFIT_TITLES].filter((title) => screen.queryByText(title) !== null).length;

describe('/success', () => {
  it('shows a session the server verified as paid, with the benefits, the links and the portal card', async () => {
    const api = stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/config': configReply(),
      'GET /api/billing': { status: 200, body: BILLING },
      'GET /api/checkout-sessions/cs_test_a1': { status: 200, body: PAID },
    });
    renderAt('/success?session_id=cs_test_a1', <SuccessView />);
    expect(await screen.findByText('Payment verified: welcome to Premium!')).toBeTruthy();
    await expectHeading('Thank you for subscribing');
    expect(screen.getByText('cs_test_a1')).toBeTruthy();
    expect(screen.getByText(/free trial runs until December 1, 2026/)).toBeTruthy();
    expect(benefitsShown()).toBe(3);
    // This server has no language model (configReply): the analyses it sells are not AI-written.
    expect(screen.getByText('Unlimited portfolio analysis')).toBeTruthy();
    expect(screen.queryByText('Unlimited AI analysis')).toBeNull();
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
    await expectHeading('Sign in to see your payment');
    expect(screen.queryByText(/thank you/i)).toBeNull();
    expect(benefitsShown()).toBe(0);
    expect(api.unexpected).toEqual([]);
  });

  it('thanks nobody who bought nothing: without a session id it says nothing was bought (issue 25 item 9)', async () => {
    const api = stubApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt('/success', <SuccessView />);
    await expectHeading('No payment to show');
    expect(screen.getByText(/Nothing was bought here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText(/thank you|sign in/i)).toBeNull();
    expect(screen.queryByText(/Session ID/)).toBeNull();
    expect(api.unexpected).toEqual([]);
    cleanup();

    // Signed in, a Stripe customer since /checkout was opened, nothing bought: the portal stays closed.
    stubApi({ 'GET /api/auth/me': ADA, 'GET /api/billing': { status: 200, body: NOTHING_BOUGHT } });
    renderAt('/success', <SuccessView />);
    await expectHeading('No payment to show');
    expect(await screen.findByText(BILLING_MESSAGES.noBillingAccount)).toBeTruthy();
    expect(manageBilling().hasAttribute('disabled')).toBe(true);
    expect(benefitsShown()).toBe(0);
  });

  it('says payments are not set up on a server without Stripe, instead of asking for a refresh', async () => {
    stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/billing': { status: 200, body: NOTHING_BOUGHT },
      'GET /api/checkout-sessions/cs_test_a1': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: BILLING_MESSAGES.notConfigured } },
      },
      'GET /api/checkout-sessions/cs_test_busy': {
        status: 503,
        body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The payment service is not answering.' } },
      },
    });
    renderAt('/success?session_id=cs_test_a1', <SuccessView />);
    expect(await screen.findByText(BILLING_MESSAGES.notConfigured)).toBeTruthy();
    await expectHeading('Payments are not set up');
    expect(screen.getByText(/takes no payments and cannot check this one/)).toBeTruthy();
    expect(screen.queryByText(/refresh|thank you/i)).toBeNull();
    cleanup();

    // Stripe configured and not answering just now: then a refresh is the advice.
    renderAt('/success?session_id=cs_test_busy', <SuccessView />);
    expect(await screen.findByText(/Please refresh the page in a moment/)).toBeTruthy();
    await expectHeading('Payment not verified');
  });

  it('opens the portal after a verified payment whose webhook has not arrived yet (issue 25 item 13)', async () => {
    stubApi({
      'GET /api/auth/me': ADA,
      'GET /api/billing': { status: 200, body: NOTHING_BOUGHT },
      'GET /api/checkout-sessions/cs_test_a1': { status: 200, body: PAID },
    });
    renderAt('/success?session_id=cs_test_a1', <SuccessView />);
    await expectHeading('Thank you for subscribing');
    expect(manageBilling().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(BILLING_MESSAGES.noBillingAccount)).toBeNull();
  });
});
