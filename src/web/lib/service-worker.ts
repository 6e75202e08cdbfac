/**
 * Registers the service worker (/sw.js, built by scripts/build-service-worker.mjs) once the page has loaded, so
 * that its precaching never competes with the page's own requests. Production builds only: the Vite dev
 * server has no /sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered; the app works without it.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
