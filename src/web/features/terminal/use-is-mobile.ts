import { useSyncExternalStore } from 'react';

/** Spec 000 §9: the mobile layout applies below 768 px. */
const MOBILE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
