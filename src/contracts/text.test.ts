import { describe, expect, it } from 'vitest';
import { text } from './text';

const name = text({ field: 'Firm name', max: 20 });
const message = text({ field: 'Message', max: 20, multiline: true });
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text()', () => {
  it('keeps letters of every script, emoji (a whole surrogate pair) and inner spaces, trimmed', () => {
    expect(name.parse('  Smith & Söhne 😀 ')).toBe('Smith & Söhne 😀');
    expect(name.parse('株式会社')).toBe('株式会社');
  });

  it('refuses NUL, C0 and C1 controls, DEL and lone surrogates, naming the field', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0001b',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      'a\u009fb',
      'a\ud800b',
      'a\udc00b',
    ]) {
      expect(messageOf(name.safeParse(bad)), JSON.stringify(bad)).toBe(
        'Firm name contains characters that are not allowed',
      );
    }
  });

  it('takes the tab and line ends in a multi-line field only', () => {
    expect(message.parse('Hello\r\n\tthere')).toBe('Hello\r\n\tthere');
    expect(name.safeParse('Hello\nthere').success).toBe(false);
    expect(name.safeParse('Hello\tthere').success).toBe(false);
    expect(message.safeParse('Hello\u0000').success).toBe(false);
  });

  it('bounds the length after trimming, with the given messages', () => {
    const bounded = text({ field: 'Name', max: 3, min: 1, tooLong: 'Too long', tooShort: 'Required' });
    expect(bounded.parse('  abc  ')).toBe('abc');
    expect(messageOf(bounded.safeParse('abcd'))).toBe('Too long');
    expect(messageOf(bounded.safeParse('   '))).toBe('Required');
    expect(messageOf(bounded.safeParse(undefined))).toBe('Name must be text');
  });
});
