import type { PagePath } from '../contracts/page-routes';

/**
 * Each page's component module, as Vite's manifest names it (app.tsx lazy-loads it). The build preloads its
 * chunks from the page's HTML, so that they load beside the entry rather than after it has run
 * (scripts/prerender.mjs), and the service worker precaches the lazy parts of the offline pages but never
 * another page's code (scripts/build-service-worker.mjs). Data only: both scripts load this module.
 */
export const PAGE_MODULES: Readonly<Record<PagePath, string>> = {
  '/': 'pages/landing.tsx',
  '/app': 'pages/analyzer.tsx',
  '/terminal': 'pages/terminal.tsx',
  '/clients': 'pages/clients.tsx',
  '/financial-advisor': 'pages/financial-advisor.tsx',
  '/login': 'pages/login.tsx',
  '/signup': 'pages/signup.tsx',
  '/profit-calculator': 'pages/profit-calculator.tsx',
  '/paper-trading': 'pages/paper-trading.tsx',
  '/api-settings': 'pages/api-settings.tsx',
  '/api-docs': 'pages/api-docs.tsx',
  '/features': 'pages/features.tsx',
  '/about': 'pages/about.tsx',
  '/resources': 'pages/resources.tsx',
  '/unbiased': 'pages/unbiased.tsx',
  '/robinhood-guide': 'pages/robinhood-guide.tsx',
  '/compliance': 'pages/compliance.tsx',
  '/terms': 'pages/terms.tsx',
  '/privacy': 'pages/privacy.tsx',
  '/gamification': 'pages/gamification.tsx',
  '/verify-email': 'pages/verify-email.tsx',
  '/forgot-password': 'pages/forgot-password.tsx',
  '/reset-password': 'pages/reset-password.tsx',
  '/account': 'pages/account.tsx',
  '/pricing': 'pages/pricing.tsx',
  '/subscribe': 'pages/subscribe.tsx',
  '/subscribe-stripe': 'pages/subscribe-stripe.tsx',
  '/subscribe-demo': 'pages/subscribe-demo.tsx',
  '/checkout': 'pages/checkout.tsx',
  '/success': 'pages/success.tsx',
  '/test-stripe': 'pages/test-stripe.tsx',
  '/contact': 'pages/contact.tsx',
  '/admin': 'pages/admin.tsx',
  '/activity': 'pages/activity.tsx',
  '/performance': 'pages/performance.tsx',
};
