/** Leaving the app for Stripe's hosted pages (Checkout, the billing portal); one object so tests can watch it. */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
