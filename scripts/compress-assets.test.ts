import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/** A web root as `vite build` and the prerender step leave it, compressed by the build's last web step. */
const root = mkdtempSync(path.join(tmpdir(), 'fw-compress-'));
const text = (label: string, size: number) =>
  `/* ${label} */ ${'const value = "foliowise";\n'.repeat(size / 27)}`;
const FILES: Record<string, string | Buffer> = {
  'index.html': `<!doctype html>${text('shell', 2000)}`,
  'assets/index-abc.js': text('entry', 50_000),
  'assets/index-abc.css': text('styles', 4000),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  'assets/small-abc.js': text('tiny chunk', 500),
  'assets/photo-abc.png': randomBytes(4000),
  // Random text: compression cannot shrink it by 10 %.
  'assets/noise.txt': randomBytes(3000),
  '.prerendered/index.html': text('prerendered', 20_000),
};

beforeAll(() => {
  for (const [file, content] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', root], { stdio: 'pipe' });
});

const variant = (file: string, extension: '.br' | '.gz') => path.join(root, file + extension);

describe('scripts/compress-assets.mjs (npm run build)', () => {
  it.each(['index.html', 'assets/index-abc.js', 'assets/index-abc.css'])(
    'writes a brotli and a gzip sibling of %s that decode to the file',
    (file) => {
      const original = readFileSync(path.join(root, file));
      const br = readFileSync(variant(file, '.br'));
      const gz = readFileSync(variant(file, '.gz'));
      expect(brotliDecompressSync(br)).toEqual(original);
      expect(gunzipSync(gz)).toEqual(original);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 2);
    },
  );

  it.each([
    ['a file under 1 KB', 'favicon.svg'],
    ['a small chunk', 'assets/small-abc.js'],
    ['an image', 'assets/photo-abc.png'],
    ['text that does not compress', 'assets/noise.txt'],
    ['a prerendered page (the server writes the origin in, then compresses)', '.prerendered/index.html'],
  ])('leaves %s alone', (_name, file) => {
    expect(existsSync(variant(file, '.br'))).toBe(false);
    expect(existsSync(variant(file, '.gz'))).toBe(false);
  });
});
