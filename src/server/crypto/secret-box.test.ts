import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveEncryptionKey, SecretBoxError } from './secret-box';

const SECRET = 'a-test-app-secret-that-is-long-enough-0001';
const OTHER_SECRET = 'another-app-secret-that-is-long-enough-0002';
const USER = '7d4f2d4e-4f5b-4bb8-9a57-6f1c6d0f6a01';
const OTHER_USER = '0b5a4b8e-2c11-4b7e-a0f3-1f3f0b2d9c02';
const API_KEY = 'DEMOKEY_abc-1234WXYZ';

const box = createSecretBox(SECRET);

/** Flips one bit of a base64 part of the stored value. */
function tamper(stored: string, partIndex: number): string {
  const parts = stored.split(':');
  const bytes = Buffer.from(parts[partIndex] ?? '', 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString('base64');
  return parts.join(':');
}

describe('secret box (AES-256-GCM, HKDF-SHA256 key, user id as AAD)', () => {
  it('round-trips a value in the documented format, without the plaintext in it', () => {
    const stored = box.encrypt(API_KEY, USER);
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const [, iv, tag, ciphertext] = stored.split(':');
    expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64')).toHaveLength(API_KEY.length);
    expect(stored).not.toContain(API_KEY);
    expect(stored).not.toContain('WXYZ');
    expect(box.decrypt(stored, USER)).toBe(API_KEY);
    expect(createSecretBox(SECRET).decrypt(stored, USER)).toBe(API_KEY);
  });

  it('gives two different values for the same key (a random IV each time)', () => {
    const first = box.encrypt(API_KEY, USER);
    const second = box.encrypt(API_KEY, USER);
    expect(first).not.toBe(second);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
    expect(box.decrypt(first, USER)).toBe(API_KEY);
    expect(box.decrypt(second, USER)).toBe(API_KEY);
  });

  it.each([
    ['the IV', 1],
    ['the tag', 2],
    ['the ciphertext', 3],
  ])('detects a change to %s', (_name, partIndex) => {
    const stored = box.encrypt(API_KEY, USER);
    expect(() => box.decrypt(tamper(stored, partIndex), USER)).toThrow(SecretBoxError);
  });

  it('refuses malformed values', () => {
    const stored = box.encrypt(API_KEY, USER);
    for (const bad of ['', API_KEY, stored.replace(/^v1:/, 'v2:'), stored.split(':').slice(0, 3).join(':')]) {
      expect(() => box.decrypt(bad, USER)).toThrow(SecretBoxError);
    }
  });

  it('fails for another user id (a row copied to another user)', () => {
    const stored = box.encrypt(API_KEY, USER);
    expect(() => box.decrypt(stored, OTHER_USER)).toThrow(SecretBoxError);
  });

  it('fails with another app secret, and says nothing of the plaintext', () => {
    const stored = box.encrypt(API_KEY, USER);
    let caught: unknown;
    try {
      createSecretBox(OTHER_SECRET).decrypt(stored, USER);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SecretBoxError);
    expect(String(caught)).not.toContain(API_KEY);
  });

  it('derives a 32-byte key that depends on the secret', () => {
    expect(deriveEncryptionKey(SECRET)).toHaveLength(32);
    expect(deriveEncryptionKey(SECRET).equals(deriveEncryptionKey(SECRET))).toBe(true);
    expect(deriveEncryptionKey(SECRET).equals(deriveEncryptionKey(OTHER_SECRET))).toBe(false);
  });
});
