// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '../../contracts/billing-messages';
import { browserNavigation } from '../features/billing/browser-navigation';
import { configReply, renderAt, watchToasts } from '../testing/render-page';
import { SIGNED_OUT, stubApi, testUser } from '../testing/stub-api';
import PricingPage from './pricing';

const KEY = configReply({ stripePublishableKey: 'pk_test_123' });
const signedIn = (plan: 'free' | 'premium' | 'professional' = 'free') => ({
  status: 200,
  body: { user: testUser({ plan }) },
});

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const card = (name: string) => screen.getByRole('region', { name });

describe('/pricing', () => {
  it('shows the four plans monthly, and the yearly prices from the price table with Annual', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'GET /api/config': KEY });
    renderAt('/pricing', <PricingPage />);
    expect(screen.getByText('Save 20%')).toBeTruthy();
    expect(within(card('Free')).getByText('$0')).toBeTruthy();
    expect(within(card('Premium')).getByText('$29')).toBeTruthy();
    expect(within(card('Professional')).getByText('$99')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('Custom')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Annual'));
    expect(within(card('Premium')).getByText('$23')).toBeTruthy();
    expect(within(card('Premium')).getByText(/billed \$276\/year/).textContent).toContain('saves $72');
    expect(within(card('Professional')).getByText('$79')).toBeTruthy();
    expect(within(card('Professional')).getByText(/billed \$950\/year/).textContent).toContain('saves $238');
    expect(
      within(card('Professional')).getByRole('link', { name: 'Choose Professional' }).getAttribute('href'),
    ).toBe('/subscribe?plan=professional&interval=yearly');

    fireEvent.click(screen.getByLabelText('Monthly'));
    expect(within(card('Premium')).getByText('$29')).toBeTruthy();
    expect(
      within(card('Professional')).getByRole('link', { name: 'Choose Professional' }).getAttribute('href'),
    ).toBe('/subscribe?plan=professional&interval=monthly');
  });

  it('links Free to /app, Enterprise and Contact Sales to /contact', () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'GET /api/config': KEY });
    renderAt('/pricing', <PricingPage />);
    expect(within(card('Free')).getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe(
      '/app',
    );
    expect(within(card('Enterprise')).getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe(
      '/contact',
    );
    const sales = screen.getAllByRole('link', { name: 'Contact Sales' });
    expect(sales.map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact']);
  });

  it('sends a visitor who picks Premium to sign in first, and back to /pricing after', async () => {
    const api = stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'GET /api/config': KEY });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(api.requests.map((r) => r.route)).toContain('GET /api/auth/me'));
    await act(async () => {});
    fireEvent.click(within(card('Premium')).getByRole('button', { name: 'Get Premium' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe('?next=%2Fpricing');
    expect(api.requests.map((r) => r.route)).not.toContain('POST /api/create-checkout-session');
  });

  it('starts Stripe Checkout for Premium with the chosen interval and goes to its URL', async () => {
    const url = 'https://checkout.stripe.com/c/pay/cs_test_a1';
    const api = stubApi({
      'GET /api/auth/me': signedIn(),
      'GET /api/config': KEY,
      'POST /api/create-checkout-session': { status: 200, body: { url } },
    });
    renderAt('/pricing', <PricingPage />);
    fireEvent.click(screen.getByLabelText('Annual'));
    await waitFor(() => expect(api.requests.map((r) => r.route)).toContain('GET /api/config'));
    await waitFor(() => expect(screen.getByText(/Ada/)).toBeTruthy());
    // Found once the session is in: the card may render its button anew when it arrives.
    fireEvent.click(within(card('Premium')).getByRole('button', { name: 'Get Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url), { timeout: 5_000 });
    const sent = api.requests.find((r) => r.route === 'POST /api/create-checkout-session');
    expect(sent?.body).toEqual({ plan: 'premium', interval: 'yearly' });
    expect(api.unexpected).toEqual([]);
  });

  it("says why checkout did not start: the server's message, a missing URL, or the spec's fallback", async () => {
    const toasts = watchToasts();
    let answer = {
      status: 409,
      body: { error: { code: 'CONFLICT', message: BILLING_MESSAGES.alreadySubscribed } },
    } as { status: number; body: unknown };
    stubApi({
      'GET /api/auth/me': signedIn(),
      'GET /api/config': KEY,
      'POST /api/create-checkout-session': () => answer,
    });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(screen.getByText(/Ada/)).toBeTruthy());
    const premium = () => within(card('Premium')).getByRole('button', { name: 'Get Premium' });
    fireEvent.click(premium());
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Subscription Failed: ${BILLING_MESSAGES.alreadySubscribed}`]),
    );

    answer = { status: 200, body: {} };
    fireEvent.click(premium());
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Subscription Failed: ${BILLING_MESSAGES.noCheckoutUrl}`]),
    );

    answer = { status: 500, body: 'oops' };
    fireEvent.click(premium());
    await waitFor(() =>
      expect(toasts.current()).toEqual([
        `Subscription Failed: ${BILLING_MESSAGES.subscriptionFailedFallback}`,
      ]),
    );
    expect(assign).not.toHaveBeenCalled();
    toasts.clear();
  });

  it('without a publishable key says the payment service is unavailable and calls nothing', async () => {
    const toasts = watchToasts();
    const api = stubApi({ 'GET /api/auth/me': signedIn(), 'GET /api/config': configReply() });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(screen.getByText(/Ada/)).toBeTruthy());
    await waitFor(() => expect(api.requests.map((r) => r.route)).toContain('GET /api/config'));
    await act(async () => {});
    fireEvent.click(within(card('Premium')).getByRole('button', { name: 'Get Premium' }));
    expect(toasts.current()).toEqual([`Subscription Failed: ${BILLING_MESSAGES.notConfigured}`]);
    expect(api.requests.map((r) => r.route)).not.toContain('POST /api/create-checkout-session');
    toasts.clear();
  });

  it('shows a subscriber the current plan and the billing page instead of a second checkout', async () => {
    stubApi({ 'GET /api/auth/me': signedIn('premium'), 'GET /api/config': KEY });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(within(card('Premium')).getByText('Current plan')).toBeTruthy());
    expect(within(card('Premium')).queryByRole('button', { name: 'Get Premium' })).toBeNull();
    expect(within(card('Premium')).getByRole('link', { name: 'Manage billing' }).getAttribute('href')).toBe(
      '/account#billing',
    );
    expect(within(card('Professional')).getByRole('link', { name: 'Manage billing' })).toBeTruthy();
  });

  it('sells AI analyses only on a server with a language model, in the cards and the comparison', async () => {
    stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'GET /api/config': configReply({ hasLanguageModel: false }) });
    const { unmount } = renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(within(card('Free')).getByText('Portfolio analyses: Unlimited')).toBeTruthy());
    expect(screen.queryByText(/AI analyses/)).toBeNull();
    expect(
      within(card('Premium')).getByText(
        'Trading suggestions, all your accounts in one view, and the trading terminal.',
      ),
    ).toBeTruthy();
    const compare = screen.getByRole('region', { name: /compare/i });
    expect(within(compare).getByRole('rowheader', { name: 'Portfolio analyses' })).toBeTruthy();
    unmount();

    stubApi({ 'GET /api/auth/me': SIGNED_OUT, 'GET /api/config': configReply({ hasLanguageModel: true }) });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(within(card('Free')).getByText('AI analyses: 3 per month')).toBeTruthy());
    expect(within(card('Premium')).getByText('AI analyses: Unlimited')).toBeTruthy();
    expect(within(card('Premium')).getByText('Unlimited AI analyses and the trading terminal.')).toBeTruthy();
  });
});
