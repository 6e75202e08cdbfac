import { readFileSync } from 'node:fs';
import type { ImportFile } from './format';

/** A fixture of this folder as the import receives it. */
export function fixtureFile(name: string): ImportFile {
  return { text: readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'), fileName: name };
}
