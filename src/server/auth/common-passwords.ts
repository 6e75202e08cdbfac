import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE_NAME = 'common-passwords.txt';

/** The list beside this module, beside the bundled server, or in the source tree (as for migrations). */
function commonPasswordsFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, FILE_NAME),
    path.join(here, 'auth', FILE_NAME),
    path.resolve(here, '../../src/server/auth', FILE_NAME),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Common password list not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Parses the list: one password a line, '#' lines and blank lines skipped, lower-cased. */
export function parseCommonPasswords(text: string): Set<string> {
  const passwords = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    passwords.add(line.toLowerCase());
  }
  return passwords;
}

let cached: ReadonlySet<string> | undefined;

/** The 1,000 most common passwords, lower-cased; read once. */
export function commonPasswords(): ReadonlySet<string> {
  cached ??= parseCommonPasswords(readFileSync(commonPasswordsFile(), 'utf8'));
  return cached;
}

/** True when the password, compared without regard to case, is one of the 1,000 most common. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
