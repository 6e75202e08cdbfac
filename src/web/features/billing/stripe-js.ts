import { useEffect, useState } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { useConfig } from '../../lib/config';

/**
 * Stripe.js on the pages that pay, and only there: the module is imported when a paying page asks for it (its
 * `pure` entry adds no script tag by itself), then loads https://js.stripe.com. Offline, or when the script
 * never answers, the page says 'Payment system not ready. Please refresh the page.' instead of waiting.
 */
export type StripeJsState =
  | { status: 'loading' }
  /** No publishable key on this server: 'Payment Service Unavailable: ...'. */
  | { status: 'unconfigured' }
  | { status: 'failed' }
  | { status: 'ready'; stripe: Stripe };

/** How long the script may take before the page gives up and says so. */
const LOAD_TIMEOUT_MS = 15_000;

let loading: { key: string; promise: Promise<Stripe | null> } | undefined;

function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (loading?.key === publishableKey) return loading.promise;
  const promise = import('@stripe/stripe-js/pure').then(({ loadStripe }) =>
    Promise.race([
      loadStripe(publishableKey),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), LOAD_TIMEOUT_MS)),
    ]),
  );
  loading = { key: publishableKey, promise };
  // A failure is not kept: a later page (or a refresh) tries again.
  promise.then(
    (stripe) => {
      if (!stripe && loading?.promise === promise) loading = undefined;
    },
    () => {
      if (loading?.promise === promise) loading = undefined;
    },
  );
  return promise;
}

/** Stripe.js for this server's publishable key (GET /api/config), loaded once the page asks for it. */
export function useStripeJs(): StripeJsState {
  const config = useConfig();
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const [loaded, setLoaded] = useState<{ key: string; stripe: Stripe | null } | null>(null);

  useEffect(() => {
    if (!publishableKey) return;
    let isCurrent = true;
    loadStripeJs(publishableKey).then(
      (stripe) => isCurrent && setLoaded({ key: publishableKey, stripe }),
      () => isCurrent && setLoaded({ key: publishableKey, stripe: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  if (config.isPending) return { status: 'loading' };
  // The config could not be read: no key to load Stripe.js with.
  if (!publishableKey) return config.isError ? { status: 'failed' } : { status: 'unconfigured' };
  if (loaded?.key !== publishableKey) return { status: 'loading' };
  return loaded.stripe ? { status: 'ready', stripe: loaded.stripe } : { status: 'failed' };
}
