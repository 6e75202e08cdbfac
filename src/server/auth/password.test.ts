import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword, parseCommonPasswords } from './common-passwords';
import { hashPassword, PASSWORD_HASH_OPTIONS, verifyAgainstDummyHash, verifyPassword } from './password';

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` */
function parsePhc(phc: string) {
  const match =
    /^\$(argon2(?:id|i|d))\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) throw new Error(`not a PHC argon2 string: ${phc}`);
  const [, algorithm, version, m, t, p, salt, hash] = match;
  return { algorithm, version: Number(version), m: Number(m), t: Number(t), p: Number(p), salt, hash };
}

describe('password hashing', () => {
  it('hashes with argon2id, at least 19 MiB and 2 passes, one lane', async () => {
    const phc = parsePhc(await hashPassword('correct horse battery staple'));
    expect(phc.algorithm).toBe('argon2id');
    expect(phc.version).toBe(19);
    expect(phc.m).toBeGreaterThanOrEqual(19_456);
    expect(phc.t).toBeGreaterThanOrEqual(2);
    expect(phc.p).toBe(1);
    expect(phc.m).toBe(PASSWORD_HASH_OPTIONS.memoryCost);
    expect(phc.t).toBe(PASSWORD_HASH_OPTIONS.timeCost);
  });

  it('salts every hash', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    expect(parsePhc(a).salt).not.toBe(parsePhc(b).salt);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery stapl')).toBe(false);
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('treats a malformed stored hash as a mismatch, not an error', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('the dummy verification for unknown emails does the work and answers false', async () => {
    const started = performance.now();
    expect(await verifyAgainstDummyHash('whatever')).toBe(false);
    // argon2id at 19 MiB, 2 passes takes milliseconds, never microseconds: it really ran.
    expect(performance.now() - started).toBeGreaterThan(2);
  });
});

describe('common passwords', () => {
  it('holds exactly 1,000 distinct lower-case entries', () => {
    const list = commonPasswords();
    expect(list.size).toBe(1000);
    for (const entry of list) expect(entry).toBe(entry.toLowerCase());
  });

  it('the file has 1,000 entry lines and names its source in a comment', () => {
    const text = readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8');
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines[0]).toMatch(/^#.*SecLists.*10-million-password-list-top-1000/);
    const entries = lines.filter((l) => !l.startsWith('#'));
    expect(entries).toHaveLength(1000);
    expect(new Set(entries).size).toBe(1000);
  });

  it.each(['password', 'Password', 'PASSWORD', '12345678', 'qwerty', '123456789', 'iloveyou', 'trustno1'])(
    'detects %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it('detects Password1 (in the list as password1) without regard to case', () => {
    expect(commonPasswords().has('password1')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('pAsSwOrD1')).toBe(true);
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword('Zq8!vX2#mL')).toBe(false);
  });

  it('parses comments, blank lines and CRLF', () => {
    expect([...parseCommonPasswords('# source\r\nAbc\r\n\r\nxyz\n')]).toEqual(['abc', 'xyz']);
  });
});
