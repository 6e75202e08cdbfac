/**
 * This browser's local storage, for values that are nice to keep but never needed: reaching
 * `window.localStorage` throws where storage is disabled, and writing throws when it is full or private,
 * so both ignore failures (spec 000 §4).
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes the key. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives only for this visit.
  }
}

/** The id of a demo account just opened in this browser: its Demo Settings panel opens once, on arrival. */
export const DEMO_WELCOME_KEY = 'fw_demo_welcome';
