import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A Vite manifest as `vite build` writes it: the shell entry with a lazy menu, three pages (the admin page with
 * a lazy part of its own), shared chunks.
 */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-AAAAAAAA.js',
    css: ['assets/index-BBBBBBBB.css'],
    imports: ['_vendor-CCCCCCCC.js'],
    dynamicImports: [
      'pages/analyzer.tsx',
      'pages/profit-calculator.tsx',
      'pages/admin.tsx',
      'components/layout/more-menu.tsx',
    ],
  },
  'components/layout/more-menu.tsx': {
    file: 'assets/more-menu-JJJJJJJJ.js',
    imports: ['_vendor-CCCCCCCC.js', '_menu-icons-KKKKKKKK.js'],
  },
  '_menu-icons-KKKKKKKK.js': { file: 'assets/menu-icons-KKKKKKKK.js' },
  '_vendor-CCCCCCCC.js': { file: 'assets/vendor-CCCCCCCC.js' },
  'pages/analyzer.tsx': {
    file: 'assets/analyzer-DDDDDDDD.js',
    imports: ['_vendor-CCCCCCCC.js', '_chart-EEEEEEEE.js'],
    dynamicImports: ['_dialog-GGGGGGGG.js'],
  },
  '_chart-EEEEEEEE.js': { file: 'assets/chart-EEEEEEEE.js', assets: ['assets/font-FFFFFFFF.woff2'] },
  '_dialog-GGGGGGGG.js': { file: 'assets/dialog-GGGGGGGG.js' },
  'pages/profit-calculator.tsx': { file: 'assets/profit-calculator-HHHHHHHH.js' },
  'pages/admin.tsx': {
    file: 'assets/admin-IIIIIIII.js',
    imports: ['_chart-EEEEEEEE.js'],
    dynamicImports: ['_admin-table-LLLLLLLL.js', 'pages/analyzer.tsx'],
  },
  '_admin-table-LLLLLLLL.js': { file: 'assets/admin-table-LLLLLLLL.js' },
};

const roots: string[] = [];

/** A web root as `vite build` leaves it, with src/web/public copied in; then the build step runs on it. */
function builtWebRoot(options: { analyzerChunk?: string; manifest?: Partial<typeof MANIFEST> } = {}) {
  const { analyzerChunk = 'console.log(1)', manifest = MANIFEST } = options;
  const root = mkdtempSync(path.join(tmpdir(), 'fw-sw-'));
  roots.push(root);
  cpSync('src/web/public', root, { recursive: true });
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const chunk of Object.values(MANIFEST)) {
    for (const file of [
      chunk.file,
      ...('css' in chunk ? chunk.css : []),
      ...('assets' in chunk ? chunk.assets : []),
    ]) {
      writeFileSync(path.join(root, file), file.endsWith('analyzer-DDDDDDDD.js') ? analyzerChunk : file);
    }
  }
  try {
    execFileSync(process.execPath, ['scripts/build-service-worker.mjs', root], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(String((error as { stderr?: Buffer }).stderr ?? error));
  }
  return readFileSync(path.join(root, 'sw.js'), 'utf8');
}

/** The build's values as the bundle holds them (esbuild's define writes the object literal into sw.js). */
function buildOf(worker: string): { version: string; precache: string[] } {
  const version = /version:"([0-9a-f]+)"/.exec(worker)?.[1];
  const precache = /precache:(\[[^\]]*\])/.exec(worker)?.[1];
  if (!version || !precache) throw new Error('sw.js holds no build values');
  return { version, precache: JSON.parse(precache) as string[] };
}

const PUBLIC_FILES = readdirSync('src/web/public', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) =>
    path.relative('src/web/public', path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
  );

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('scripts/build-service-worker.mjs (npm run build)', () => {
  it('precaches the shell, the public files and the code of the shell and the offline pages, lazy parts included, only', () => {
    const { precache } = buildOf(builtWebRoot());
    expect(precache).toEqual(
      [
        '/index.html',
        ...PUBLIC_FILES.map((file) => `/${file}`),
        '/assets/analyzer-DDDDDDDD.js',
        '/assets/chart-EEEEEEEE.js',
        '/assets/dialog-GGGGGGGG.js',
        '/assets/font-FFFFFFFF.woff2',
        '/assets/index-AAAAAAAA.js',
        '/assets/index-BBBBBBBB.css',
        '/assets/menu-icons-KKKKKKKK.js',
        '/assets/more-menu-JJJJJJJJ.js',
        '/assets/profit-calculator-HHHHHHHH.js',
        '/assets/vendor-CCCCCCCC.js',
      ].sort(),
    );
    for (const file of [
      '/offline.html',
      '/manifest.webmanifest',
      '/icons/icon-512.png',
      '/icons/icon-maskable-512.png',
    ]) {
      expect(precache).toContain(file);
    }
    // Neither another page's code, lazy parts included, nor anything of the API.
    expect(precache).not.toContain('/assets/admin-IIIIIIII.js');
    expect(precache).not.toContain('/assets/admin-table-LLLLLLLL.js');
    expect(precache.some((file) => file.startsWith('/api'))).toBe(false);
  });

  it('names the cache after the contents: the same files give the same version, a changed file a new one', () => {
    const first = buildOf(builtWebRoot()).version;
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(buildOf(builtWebRoot()).version).toBe(first);
    expect(buildOf(builtWebRoot({ analyzerChunk: 'console.log(2)' })).version).not.toBe(first);
  });

  it('fails the build when an offline page is not in the bundle', () => {
    const { 'pages/profit-calculator.tsx': _removed, ...withoutCalculator } = MANIFEST;
    expect(() => builtWebRoot({ manifest: withoutCalculator })).toThrow(
      "pages/profit-calculator.tsx is not in Vite's manifest",
    );
  });
});
