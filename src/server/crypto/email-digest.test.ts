import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEmailDigest } from './email-digest';

const digest = createEmailDigest('a-test-app-secret-that-is-long-enough-0001');

describe('createEmailDigest', () => {
  it('answers one 64-hex digest per address, whatever its case and surrounding spaces', () => {
    const value = digest('Ada.Lovelace@Example.com');
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(digest('  ada.lovelace@example.COM ')).toBe(value);
    expect(digest('ada.lovelace2@example.com')).not.toBe(value);
  });

  it('is keyed: another APP_SECRET gives another digest, and it is not the plain SHA-256', () => {
    const other = createEmailDigest('another-app-secret-that-is-long-enough-0002');
    expect(other('ada@example.com')).not.toBe(digest('ada@example.com'));
    expect(digest('ada@example.com')).not.toBe(createHash('sha256').update('ada@example.com').digest('hex'));
  });
});
