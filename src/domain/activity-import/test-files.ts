import type { ImportFile } from './format';

const FIXTURES: Record<string, string> = import.meta.glob('./fixtures/*.{csv,json}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * The shared real-file fixtures (/work/shared/fixtures, next to the repository), read where they are present:
 * Ghostfolio's and Wealthfolio's own files are AGPL and stay out of the repository. Keyed by the path under
 * `fixtures/`; empty where the folder is missing, so that the tests of those files skip.
 */
const SHARED: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(
      [
        '../../../../shared/fixtures/ghostfolio-import/**/*.{csv,json}',
        '../../../../shared/fixtures/broker-transactions/wealthfolio/*.csv',
      ],
      { query: '?raw', import: 'default', eager: true },
    ),
  ).map(([path, text]) => [path.replace(/^.*\/shared\/fixtures\//, ''), text]),
);

function fileOf(files: Record<string, string>, key: string, name: string): ImportFile {
  const text = files[key];
  if (text === undefined) throw new Error(`No fixture ${key}`);
  return { text, fileName: name };
}

/** A fixture of this folder as the import receives it. */
export function fixtureFile(name: string): ImportFile {
  return fileOf(FIXTURES, `./fixtures/${name}`, name);
}

export const hasSharedFixtures = (folder: string) =>
  Object.keys(SHARED).some((path) => path.startsWith(`${folder}/`));

/** A shared fixture by its path under /work/shared/fixtures (`ghostfolio-import/ok/sample.json`). */
export function sharedFile(path: string): ImportFile {
  return fileOf(SHARED, path, path.split('/').at(-1) ?? path);
}
