import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event (not in the DOM library's types): it offers to install the app. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/**
 * Keeps the browser's offer to install the app (`beforeinstallprompt`) for the account menu's 'Install app'
 * entry, from the moment `target` (the window) fires it: the browser's own mini-infobar is then not shown. The
 * offer goes when it is used (a prompt shows once) and when the app is installed (`appinstalled`).
 */
export function createInstallPrompt(target: EventTarget) {
  let offer: BeforeInstallPromptEvent | null = null;
  const listeners = new Set<() => void>();
  const setOffer = (next: BeforeInstallPromptEvent | null) => {
    offer = next;
    for (const listener of listeners) listener();
  };
  // An offer made before this module ran, kept by public/install-offer.js.
  const early = (target as { __installOffer?: BeforeInstallPromptEvent }).__installOffer;
  if (early) offer = early;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(null));
  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    canInstall: (): boolean => offer !== null,
    /** Shows the browser's install dialog; the person's answer, or 'unavailable' when there is no offer. */
    install: async (): Promise<InstallOutcome> => {
      const current = offer;
      if (!current) return 'unavailable';
      setOffer(null);
      await current.prompt();
      return (await current.userChoice).outcome;
    },
  };
}

// Listening starts with the app's entry chunk (the header imports this module), before the browser can offer.
const installPrompt = createInstallPrompt(typeof window === 'undefined' ? new EventTarget() : window);

/** Whether the browser offers to install the app right now (never while prerendering). */
export function useCanInstall(): boolean {
  return useSyncExternalStore(installPrompt.subscribe, installPrompt.canInstall, () => false);
}

export const installApp = installPrompt.install;
