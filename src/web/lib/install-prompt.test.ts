import { describe, expect, it, vi } from 'vitest';
import { createInstallPrompt } from './install-prompt';

/** What Chromium fires when the app can be installed: `prompt()` shows its dialog, `userChoice` the answer. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('createInstallPrompt (the account menu’s Install app)', () => {
  it('offers nothing until the browser does', async () => {
    const install = createInstallPrompt(new EventTarget());
    expect(install.canInstall()).toBe(false);
    expect(await install.install()).toBe('unavailable');
  });

  it('keeps the browser’s offer instead of its own banner, shows it once, and reports the answer', async () => {
    const target = new EventTarget();
    const install = createInstallPrompt(target);
    const changes = vi.fn();
    install.subscribe(changes);
    const { event, prompt } = installOffer('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(install.canInstall()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);

    expect(await install.install()).toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(install.canInstall()).toBe(false);
    expect(await install.install()).toBe('unavailable');
    expect(prompt).toHaveBeenCalledTimes(1);
  });

  it('drops the offer once the app is installed, and stops telling a listener that unsubscribed', () => {
    const target = new EventTarget();
    const install = createInstallPrompt(target);
    const changes = vi.fn();
    const unsubscribe = install.subscribe(changes);
    target.dispatchEvent(installOffer('dismissed').event);
    target.dispatchEvent(new Event('appinstalled'));
    expect(install.canInstall()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
    target.dispatchEvent(installOffer('dismissed').event);
    expect(changes).toHaveBeenCalledTimes(2);
  });
});
