import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../src/contracts/billing';
import { MOBILE, allowConsoleErrors, seriousAccessibilityViolations, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signUp } from './support/users';

const h = useBrowser();

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * These servers have no Stripe secret key: the calls that need Stripe (checkout status, test subscription)
 * answer 503 'Payment Service Unavailable', which the browser logs as a failed resource.
 */
function allowPaymentServiceUnavailable(page: Page) {
  allowConsoleErrors(page, /status of 503/);
}

describe('pricing in the browser', () => {
  it('switches monthly and annual prices and links every plan to a real page', async () => {
    const page = await h.newPage();
    await page.goto('/pricing');
    expect(await page.title()).toBe('Pricing Plans — Foliowise');
    const crumbs = page.getByRole('navigation', { name: /breadcrumb/i });
    expect(await crumbs.getByText('Pricing Plans').isVisible()).toBe(true);
    expect(await page.getByText('Save 20%').isVisible()).toBe(true);
    expect(await card(page, 'Premium').getByText('$29', { exact: true }).isVisible()).toBe(true);
    expect(await card(page, 'Professional').getByText('$99', { exact: true }).isVisible()).toBe(true);

    await page.getByText('Annual', { exact: true }).click();
    await card(page, 'Premium').getByText('$23', { exact: true }).waitFor();
    expect(
      await card(page, 'Premium')
        .getByText(/billed \$276\/year/)
        .textContent(),
    ).toContain('saves $72');
    expect(
      await card(page, 'Professional')
        .getByText(/billed \$950\/year/)
        .textContent(),
    ).toContain('saves $238');
    const professional = card(page, 'Professional').getByRole('link', { name: 'Choose Professional' });
    expect(await professional.getAttribute('href')).toBe('/subscribe?plan=professional&interval=yearly');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Free -> /app; Enterprise and Contact Sales -> /contact, a page that exists.
    expect(
      await card(page, 'Free').getByRole('link', { name: 'Get Started Free' }).getAttribute('href'),
    ).toBe('/app');
    await card(page, 'Enterprise').getByRole('link', { name: 'Contact Sales' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { name: 'Contact Sales', level: 1 }).waitFor();

    // The Professional link is a full page load (only paying pages may load Stripe.js) onto a real page.
    await page.goto('/pricing');
    await page.getByText('Annual', { exact: true }).click();
    await professional.click();
    await page.waitForURL('**/subscribe?plan=professional&interval=yearly');
    await page.getByText('$950/year').waitFor();
  });

  it('sends a visitor who picks Premium to sign in, then back to /pricing', async () => {
    const page = await h.newPage();
    await page.goto('/pricing');
    await card(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
    await page.waitForURL('**/login?next=%2Fpricing');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/pricing');
  });

  it('says the payment service is unavailable when Premium checkout starts without Stripe keys', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await signUp(page);
    await page.goto('/pricing');
    await card(page, 'Premium').getByRole('button', { name: 'Get Premium' }).click();
    await page.getByText(BILLING_MESSAGES.notConfigured).first().waitFor();
    expect(page.url()).toMatch(/\/pricing$/);
  });

  it('lands every upgrade link on a real page', async () => {
    const page = await h.newPage();
    for (const path of [
      '/pricing',
      '/subscribe',
      '/subscribe-stripe',
      '/subscribe-demo',
      '/checkout',
      '/contact',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), path).toBe(0);
    }
  });
});

describe('subscribe pages without Stripe keys', () => {
  for (const path of ['/subscribe-stripe', '/subscribe', '/checkout']) {
    it(`${path} says the payment service is unavailable, and nothing crashes`, async () => {
      const page = await h.newPage();
      await signUp(page);
      await page.goto(path);
      await page.getByText(BILLING_MESSAGES.notConfigured).waitFor();
      // Said plainly where the form would be, not as an empty form card (issue 25 item 9).
      await page.getByText(/nothing can be bought or charged here/).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  }
});

describe('success page and billing', () => {
  it('/success thanks nobody who bought nothing, and says payments are not set up here', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    allowPaymentServiceUnavailable(page);
    await page.goto('/success');
    await page.getByRole('heading', { level: 1, name: 'No payment to show' }).waitFor();
    await signUp(page);
    await page.goto('/success?session_id=cs_test_forged');
    await page.getByText('cs_test_forged', { exact: true }).waitFor();
    // This server has no Stripe key: it cannot have taken the payment, and a refresh would not help.
    await page.getByRole('heading', { level: 1, name: 'Payments are not set up' }).waitFor();
    expect(await page.getByText(/welcome to|thank you|refresh/i).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open the trading terminal' }).getAttribute('href')).toBe(
      '/terminal',
    );
    await page.getByRole('region', { name: 'Billing portal' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('/account#billing shows the plan and a disabled portal button without a subscription', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    allowPaymentServiceUnavailable(page);
    await signUp(page);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL('**/account#billing');
    const portal = page.getByRole('region', { name: 'Billing portal' });
    await portal.getByText(BILLING_MESSAGES.noBillingAccount).waitFor();
    expect(await portal.getByRole('button', { name: 'Manage Billing' }).isDisabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('contact form', () => {
  it('sends a message to the team', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Company (optional)').fill('Navy');
    await page.getByLabel('Message').fill('Enterprise for 40 advisers, please.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you, we received your message').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('Demo Settings', () => {
  it('switches a demo account to Premium on the server, which unlocks the terminal', async () => {
    const page = await h.newPage();
    // Free plan first: the terminal's overview answers 403.
    allowConsoleErrors(page, /status of 403/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/app');
    const settings = page.getByRole('complementary', { name: 'Demo Settings' });
    const toggle = settings.getByRole('button', { name: 'Demo Settings' });
    // A new demo account arrives with Demo Settings open; once seen, it starts closed.
    await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
    await page.goto('/terminal');
    await page.getByRole('region', { name: /Upgrade to unlock/ }).waitFor();

    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await settings.getByRole('radio', { name: 'Free' }).isChecked()).toBe(true);
    // The radio follows the plan the server stored: it turns checked once the switch is done.
    await settings.getByRole('radio', { name: 'Premium' }).click();
    await expect.poll(() => settings.getByRole('radio', { name: 'Premium' }).isChecked()).toBe(true);

    await page.getByRole('region', { name: 'Market dashboard' }).first().waitFor();
    expect(await page.getByRole('region', { name: /Upgrade to unlock/ }).count()).toBe(0);
    expect(await page.getByText('Simulated · Premium').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me).toMatchObject({ user: { plan: 'premium', subscriptionStatus: 'demo', isDemo: true } });

    // Nothing to pay for the Premium it has (spec 000 §6, issue 25 item 14).
    await page.goto('/subscribe?plan=premium');
    await page.getByText(/This demo account already has Premium, set in Demo Settings/).waitFor();
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
  });

  it('is not shown to a real account', async () => {
    const page = await h.newPage();
    await signUp(page);
    await page.goto('/app');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('complementary', { name: 'Demo Settings' }).count()).toBe(0);
    const res = await page.request.put('/api/demo/plan', { data: { plan: 'premium' } });
    expect(res.status()).toBe(403);
  });

  it('takes the demo checkout through to /app, labelled as a demo', async () => {
    const page = await h.newPage({ viewport: MOBILE });
    allowPaymentServiceUnavailable(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/app');
    await page.goto('/subscribe-demo?plan=professional');
    await page.getByText('Demo mode').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete Demo Payment' }).click();
    await page.getByRole('button', { name: 'Processing demo payment...' }).waitFor();
    await page.waitForURL('**/app');
    await page
      .getByText(/Your demo account is now on Professional/)
      .first()
      .waitFor();
  });
});

describe('with a publishable key, Stripe.js unreachable (no internet here)', () => {
  let server: RunningServer;
  const withKey = useBrowser(() => server.baseUrl);

  beforeAll(async () => {
    server = await startServer({ env: { STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_unreachable' } });
  });
  afterAll(async () => {
    await server?.stop();
    await server?.discard();
  });

  it('gives Stripe to the paying pages only in the Content-Security-Policy', async () => {
    const csp = async (path: string) =>
      (await fetch(`${server.baseUrl}${path}`)).headers.get('content-security-policy') ?? '';
    expect(await csp('/subscribe-stripe')).toContain("script-src 'self' https://js.stripe.com");
    expect(await csp('/checkout')).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    for (const path of ['/', '/pricing', '/app', '/success', '/test-stripe']) {
      expect(await csp(path), path).not.toContain('stripe');
    }
  });

  for (const path of ['/subscribe-stripe', '/checkout']) {
    it(`${path} says the payment system is not ready`, async () => {
      const page = await withKey.newPage();
      // The script request to js.stripe.com fails: there is no network.
      allowConsoleErrors(page, /Failed to load resource|net::ERR_|stripe/i);
      await signUp(page, { server });
      await page.goto(path);
      await page.getByText(BILLING_MESSAGES.paymentSystemNotReady).waitFor({ timeout: 30_000 });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  }

  it('/test-stripe shows the key prefix, and the test subscription result', async () => {
    const page = await withKey.newPage();
    allowPaymentServiceUnavailable(page);
    await signUp(page, { server });
    await page.goto('/test-stripe');
    await page.getByRole('button', { name: 'Show Key Prefix' }).click();
    await page.getByText('pk_test', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Test Subscription' }).click();
    await page.getByText(/^Error: /).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
