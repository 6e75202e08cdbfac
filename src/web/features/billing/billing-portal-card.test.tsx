// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '../../../contracts/billing-messages';
import type { BillingSummary } from '../../../contracts/billing';
import { renderAt, watchToasts } from '../../testing/render-page';
import { stubApi, type StubReply } from '../../testing/stub-api';
import { BillingPortalCard, PORTAL_FEATURES } from './billing-portal-card';
import { browserNavigation } from './browser-navigation';

const summary = (overrides: Partial<BillingSummary> = {}): BillingSummary => ({
  plan: 'premium',
  status: 'active',
  interval: 'monthly',
  currentPeriodEnd: '2026-12-24T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  trialEndsAt: null,
  hasBillingAccount: true,
  ...overrides,
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

const manage = () => screen.getByRole('button', { name: /Manage Billing|Opening Portal/ });

describe('BillingPortalCard', () => {
  it('lists what the portal does and is disabled, with the spec message, without a billing account', () => {
    stubApi({});
    renderAt(
      '/account',
      <BillingPortalCard summary={summary({ plan: 'free', status: 'none', hasBillingAccount: false })} />,
    );
    for (const feature of PORTAL_FEATURES) expect(screen.getByText(feature)).toBeTruthy();
    expect(manage().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.noBillingAccount)).toBeTruthy();
    expect(screen.queryByText('Active')).toBeNull();
  });

  it('stays closed for a customer who bought nothing, whatever the plan, and says why for a plan that costs nothing', () => {
    stubApi({});
    // The server's word (GET /api/billing): a Stripe customer made by opening /checkout is not a billing account.
    renderAt(
      '/account',
      <BillingPortalCard summary={summary({ plan: 'free', status: 'none', hasBillingAccount: false })} />,
    );
    expect(manage().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.noBillingAccount)).toBeTruthy();
    cleanup();

    renderAt(
      '/account',
      <BillingPortalCard
        summary={summary({
          status: 'complimentary',
          interval: null,
          currentPeriodEnd: null,
          hasBillingAccount: false,
        })}
      />,
    );
    expect(manage().hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(
        'Your Premium plan is complimentary: there is nothing to pay, so there is no billing to manage.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(BILLING_MESSAGES.noBillingAccount)).toBeNull();
    cleanup();

    renderAt(
      '/account',
      <BillingPortalCard
        summary={summary({ plan: 'professional', status: 'demo', hasBillingAccount: false })}
      />,
    );
    expect(screen.getByText(/This demo account's Professional plan is set in Demo Settings/)).toBeTruthy();
  });

  it('opens after a payment /success verified, before the server stored it', () => {
    stubApi({});
    renderAt(
      '/success',
      <BillingPortalCard summary={summary({ plan: 'free', hasBillingAccount: false })} hasVerifiedPayment />,
    );
    expect(manage().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(BILLING_MESSAGES.noBillingAccount)).toBeNull();
  });

  it('stays disabled when the billing summary could not be read', () => {
    stubApi({});
    renderAt('/account', <BillingPortalCard summary={null} />);
    expect(manage().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.noBillingAccount)).toBeTruthy();
  });

  it('shows Active on a paid plan, and opens the portal of the session user', async () => {
    const url = 'https://billing.stripe.com/p/session/test_1';
    let resolve: (reply: StubReply) => void = () => undefined;
    const api = stubApi({});
    // The portal answers only when the test says so, so that 'Opening Portal...' can be seen.
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      api.requests.push({
        route: `${init.method} ${path}`,
        body: JSON.parse(init.body as string),
        headers: {},
      });
      const reply = await new Promise<StubReply>((r) => (resolve = r));
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    });
    renderAt('/success', <BillingPortalCard summary={summary({ plan: 'professional' })} />);
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.queryByText(BILLING_MESSAGES.noBillingAccount)).toBeNull();
    fireEvent.click(manage());
    await waitFor(() => expect(manage().textContent).toBe('Opening Portal...'));
    expect(manage().hasAttribute('disabled')).toBe(true);
    // Nothing the browser knows (session or customer id) is sent: the server uses the session user's customer.
    expect(api.requests).toEqual([{ route: 'POST /api/create-portal-session', body: {}, headers: {} }]);
    resolve({ status: 200, body: { url } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it('says why the portal did not open', async () => {
    const toasts = watchToasts();
    let answer: StubReply = {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No billing account' } },
    };
    stubApi({ 'POST /api/create-portal-session': () => answer });
    renderAt('/account', <BillingPortalCard summary={summary()} />);
    fireEvent.click(manage());
    await waitFor(() => expect(toasts.current()).toEqual(['Portal Access Failed: No billing account']));

    answer = { status: 200, body: { nothing: true } };
    fireEvent.click(manage());
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Portal Access Failed: ${BILLING_MESSAGES.noPortalUrl}`]),
    );

    answer = { status: 502, body: '' };
    fireEvent.click(manage());
    await waitFor(() =>
      expect(toasts.current()).toEqual([`Portal Access Failed: ${BILLING_MESSAGES.portalFailedFallback}`]),
    );
    expect(assign).not.toHaveBeenCalled();
    toasts.clear();
  });
});
