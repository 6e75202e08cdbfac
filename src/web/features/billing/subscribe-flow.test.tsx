// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import { configReply, renderAt, watchToasts } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser, type StubReply } from '../../testing/stub-api';
import { CheckoutFlow } from './checkout-flow';
import { MULTI_METHOD_MESSAGES, SubscribeFlow } from './subscribe-flow';

/** Stripe.js as the browser would load it from js.stripe.com (there is no internet in tests). */
const stripeJs = vi.hoisted(() => ({
  load: vi.fn(),
  confirmPayment: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.load }));
/** The Payment Element is Stripe's iframe; here a stand-in that reports a complete form. */
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children }: { children: ReactNode }) => children,
    PaymentElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) => {
      useEffect(() => onChange({ complete: true }), [onChange]);
      return <div data-testid="payment-element" />;
    },
    useStripe: () => ({ confirmPayment: stripeJs.confirmPayment }),
    useElements: () => ({}),
  };
});

const KEY = configReply({ stripePublishableKey: 'pk_test_123' });
const ADA = { status: 200, body: { user: testUser() } };
const CREATED = { status: 200, body: { subscriptionId: 'sub_1', clientSecret: 'pi_1_secret_2' } };

beforeEach(() => {
  stripeJs.load.mockResolvedValue({ stripe: true });
  stripeJs.confirmPayment.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function stub(routes: Record<string, StubReply | ((body: unknown) => StubReply)>) {
  return stubApi({ 'GET /api/auth/me': ADA, 'GET /api/config': KEY, ...routes });
}

const continueButton = () => screen.findByRole('button', { name: 'Continue to Payment' });

describe('subscribe pages before any payment', () => {
  it('say the payment service is unavailable without a publishable key, and show no form', async () => {
    stubApi({ 'GET /api/auth/me': ADA, 'GET /api/config': configReply() });
    renderAt('/subscribe-stripe', <SubscribeFlow variant="payment-element" />);
    expect(await screen.findByText(BILLING_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(stripeJs.load).not.toHaveBeenCalled();
  });

  it('say payments are not available, with where to go, in place of an empty details card (issue 25 item 9)', async () => {
    stubApi({ 'GET /api/auth/me': ADA, 'GET /api/config': configReply() });
    renderAt('/subscribe?plan=premium', <SubscribeFlow variant="multi-method" />);
    expect(await screen.findByText('Payments are not available')).toBeTruthy();
    expect(screen.getByText(/nothing can be bought or charged here/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByText('Your details')).toBeNull();
    expect(screen.queryByText(/Choose how to pay/)).toBeNull();
  });

  it('say the payment system is not ready when Stripe.js cannot load', async () => {
    stripeJs.load.mockRejectedValue(new Error('Failed to load Stripe.js'));
    // A key of its own: the loader keeps a loaded Stripe.js per key for the page's lifetime.
    stub({ 'GET /api/config': configReply({ stripePublishableKey: 'pk_test_unreachable' }) });
    renderAt('/subscribe-stripe', <SubscribeFlow variant="payment-element" />);
    expect(await screen.findByText(BILLING_MESSAGES.paymentSystemNotReady)).toBeTruthy();
    expect(stripeJs.load).toHaveBeenCalledWith('pk_test_unreachable');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('ask a visitor to sign in first, coming back to the same plan', async () => {
    stub({ 'GET /api/auth/me': SIGNED_OUT });
    renderAt('/subscribe?plan=professional&interval=yearly', <SubscribeFlow variant="multi-method" />);
    const signIn = await screen.findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/subscribe?plan=professional&interval=yearly')}`,
    );
    expect(screen.getByText('$950/year')).toBeTruthy();
  });
});

describe('/subscribe-stripe', () => {
  it('needs name and email: the button is disabled with the spec message while either is empty', async () => {
    stub({});
    renderAt('/subscribe-stripe', <SubscribeFlow variant="payment-element" />);
    const button = await continueButton();
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ada Lovelace');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(BILLING_MESSAGES.missingNameOrEmail)).toBeNull();

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '   ' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.missingNameOrEmail)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.missingNameOrEmail)).toBeTruthy();
  });

  it('creates the subscription, shows the Payment Element, and says a declined payment failed', async () => {
    const toasts = watchToasts();
    const api = stub({ 'POST /api/create-subscription': CREATED });
    renderAt('/subscribe-stripe?plan=premium&interval=yearly', <SubscribeFlow variant="payment-element" />);
    fireEvent.click(await continueButton());
    expect(await screen.findByTestId('payment-element')).toBeTruthy();
    expect(toasts.current()).toEqual(['Payment Form Ready: Enter your payment details to subscribe.']);
    // Only plan, interval, name and email: no amount, no payment details.
    expect(api.requests.find((r) => r.route === 'POST /api/create-subscription')?.body).toEqual({
      plan: 'premium',
      interval: 'yearly',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
    });

    stripeJs.confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe · $276/year' }));
    await waitFor(() => expect(toasts.current()).toEqual(['Payment Failed: Your card was declined.']));
    expect(stripeJs.confirmPayment).toHaveBeenCalledWith({
      elements: {},
      confirmParams: { return_url: `${window.location.origin}/app` },
    });

    stripeJs.confirmPayment.mockResolvedValue({ error: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe · $276/year' }));
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Payment Failed: ${BILLING_MESSAGES.paymentFailedFallback}`]),
    );

    stripeJs.confirmPayment.mockRejectedValue(new Error('boom'));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe · $276/year' }));
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Payment Error: ${BILLING_MESSAGES.unexpectedError}`]),
    );
    toasts.clear();
  });

  it('says why the subscription was not created', async () => {
    const toasts = watchToasts();
    let answer: StubReply = { status: 500, body: 'oops' };
    stub({ 'POST /api/create-subscription': () => answer });
    renderAt('/subscribe-stripe', <SubscribeFlow variant="payment-element" />);
    fireEvent.click(await continueButton());
    await waitFor(() =>
      expect(toasts.current()).toEqual([
        `Subscription Creation Failed: ${BILLING_MESSAGES.subscriptionCreateFailed}`,
      ]),
    );

    answer = { status: 200, body: { subscriptionId: 'sub_1' } };
    fireEvent.click(await continueButton());
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Subscription Creation Failed: ${BILLING_MESSAGES.noClientSecret}`]),
    );

    answer = {
      status: 503,
      body: { error: { code: 'SERVICE_UNAVAILABLE', message: BILLING_MESSAGES.notConfigured } },
    };
    fireEvent.click(await continueButton());
    expect(await screen.findByText(BILLING_MESSAGES.notConfigured)).toBeTruthy();
    expect(screen.queryByTestId('payment-element')).toBeNull();
    toasts.clear();
  });
});

describe('/subscribe (multi-method)', () => {
  it('asks for a payment method, then sends the choice and lists it first in the Payment Element', async () => {
    const toasts = watchToasts();
    const api = stub({ 'POST /api/create-subscription': CREATED });
    renderAt('/subscribe?plan=professional&interval=monthly', <SubscribeFlow variant="multi-method" />);
    for (const label of ['Credit card', 'PayPal', 'Apple Pay', 'Google Pay', 'Bank transfer']) {
      expect(await screen.findByLabelText(label)).toBeTruthy();
    }
    // No card, bank or PayPal fields of our own: Stripe's form collects them.
    expect(screen.queryByLabelText(/card number|routing|account number|paypal email/i)).toBeNull();

    fireEvent.click(await continueButton());
    expect(toasts.current()).toEqual([`Missing Information: ${MULTI_METHOD_MESSAGES.missingMethod}`]);
    expect(api.requests.map((r) => r.route)).not.toContain('POST /api/create-subscription');

    fireEvent.click(screen.getByLabelText('PayPal'));
    fireEvent.click(await continueButton());
    expect(await screen.findByTestId('payment-element')).toBeTruthy();
    expect(api.requests.find((r) => r.route === 'POST /api/create-subscription')?.body).toMatchObject({
      plan: 'professional',
      interval: 'monthly',
      paymentMethod: 'paypal',
    });

    stripeJs.confirmPayment.mockResolvedValue({ error: {} });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe · $99/month' }));
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Payment Failed: ${BILLING_MESSAGES.multiMethodPaymentFailed}`]),
    );
    toasts.clear();
  });
});

describe('a plan had without paying (spec 000 §6, issue 25 item 14)', () => {
  const COMPLIMENTARY = {
    status: 200,
    body: { user: testUser({ plan: 'premium', subscriptionStatus: 'complimentary' }) },
  };
  const complimentaryMessage =
    'Your Premium plan is complimentary: it was granted to your account, so there is nothing to pay. ' +
    'To change your plan, please contact support.';

  it('shows a complimentary plan that there is nothing to pay, and no payment form, on every plan', async () => {
    for (const path of ['/subscribe?plan=premium', '/subscribe?plan=professional&interval=yearly']) {
      const api = stub({ 'GET /api/auth/me': COMPLIMENTARY });
      renderAt(path, <SubscribeFlow variant="multi-method" />);
      expect(await screen.findByText(complimentaryMessage)).toBeTruthy();
      expect(screen.getByText('Nothing to pay')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe(
        '/account#billing',
      );
      expect(screen.queryByRole('button', { name: 'Continue to Payment' })).toBeNull();
      expect(api.requests.map((r) => r.route)).not.toContain('POST /api/create-subscription');
      cleanup();
    }
  });

  it('stops a demo account at the plans Demo Settings gave it, and lets it pay for a higher one', async () => {
    const demo = {
      status: 200,
      body: { user: testUser({ plan: 'premium', subscriptionStatus: 'demo', isDemo: true }) },
    };
    stub({ 'GET /api/auth/me': demo });
    renderAt('/subscribe-stripe?plan=premium', <SubscribeFlow variant="payment-element" />);
    expect(
      await screen.findByText(
        'This demo account already has Premium, set in Demo Settings: there is nothing to pay. ' +
          'Demo Settings changes its plan.',
      ),
    ).toBeTruthy();
    cleanup();

    stub({ 'GET /api/auth/me': demo });
    renderAt('/subscribe-stripe?plan=professional', <SubscribeFlow variant="payment-element" />);
    expect(await continueButton()).toBeTruthy();
  });

  it('/checkout asks for no payment intent for a complimentary Premium', async () => {
    const api = stub({ 'GET /api/auth/me': COMPLIMENTARY });
    renderAt('/checkout', <CheckoutFlow />);
    expect(await screen.findByText(complimentaryMessage)).toBeTruthy();
    expect(screen.queryByText('Setting up payment...')).toBeNull();
    expect(api.requests.map((r) => r.route)).not.toContain('POST /api/create-payment-intent');
  });
});
