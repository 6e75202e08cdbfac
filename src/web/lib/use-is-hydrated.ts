import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * false while a page is prerendered and while the browser hydrates that HTML; true in every other render
 * (React re-renders with true right after hydration). What the server cannot know (the session, the public
 * config, today's date) waits for it, so the first browser render matches the prerendered HTML exactly.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
