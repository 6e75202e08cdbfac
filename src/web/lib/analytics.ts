/**
 * Google Analytics 4, loaded only when GET /api/config gives an analyticsId. The tag script is added by this module
 * (never inline: the CSP allows no inline script). Until the config is known, calls wait in a short queue; when
 * analytics is not configured, the queue is dropped and every call is a no-op — nothing loads, nothing is sent.
 */

export interface AnalyticsEventParams {
  category?: string;
  label?: string;
  value?: number;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

type State =
  { kind: 'pending'; queue: Array<(gtag: Gtag) => void> } | { kind: 'off' } | { kind: 'on'; gtag: Gtag };

const MAX_QUEUE = 20;
const GA_ID_PATTERN = /^[A-Z]{1,4}-[A-Z0-9-]{4,20}$/i;
let state: State = { kind: 'pending', queue: [] };

/** Called once the public config is known (or failed to load: pass null). */
export function initAnalytics(analyticsId: string | null | undefined): void {
  if (state.kind !== 'pending') return;
  const queue = state.queue;
  if (!analyticsId || !GA_ID_PATTERN.test(analyticsId) || typeof document === 'undefined') {
    state = { kind: 'off' };
    return;
  }

  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  // gtag.js reads the `arguments` object itself from the data layer, not an array copy.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag = gtag;
  gtag('js', new Date());
  // Page views are sent by trackPageView on every route change, so the automatic one is off.
  gtag('config', analyticsId, { send_page_view: false });

  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
  document.head.appendChild(script);

  state = { kind: 'on', gtag };
  for (const send of queue) send(gtag);
}

function send(call: (gtag: Gtag) => void): void {
  if (state.kind === 'on') call(state.gtag);
  else if (state.kind === 'pending' && state.queue.length < MAX_QUEUE) state.queue.push(call);
}

export function trackPageView(path: string, title: string): void {
  const location = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  send((gtag) => gtag('event', 'page_view', { page_path: path, page_title: title, page_location: location }));
}

/** e.g. trackEvent('cta_click', { category: 'engagement', label: 'get_started' }). */
export function trackEvent(name: string, params: AnalyticsEventParams = {}): void {
  const { category, label, value } = params;
  send((gtag) =>
    gtag('event', name, {
      ...(category !== undefined ? { event_category: category } : {}),
      ...(label !== undefined ? { event_label: label } : {}),
      ...(value !== undefined ? { value } : {}),
    }),
  );
}
