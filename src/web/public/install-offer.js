// Keeps Chromium's offer to install the app (beforeinstallprompt) until the app listens for it
// (src/web/lib/install-prompt.ts): on a slow phone the offer can come before the app's scripts have run. A
// classic script in <head>, so it listens before the page is parsed; the CSP allows it (script-src 'self').
window.addEventListener('beforeinstallprompt', function keepInstallOffer(event) {
  event.preventDefault();
  window.__installOffer = event;
});
