// Last build step: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling of every compressible
// file of the web root (default dist/web), which the server sends as they are (@fastify/static's
// `preCompressed`), so no request pays for compression. `node scripts/compress-assets.mjs [webRoot]`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/** Below this a compressed body saves less than a packet; the server sends the file as it is. */
const MIN_BYTES = 1024;
/** A variant must be at least this much smaller than the original to be worth keeping. */
const MIN_RATIO = 0.9;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compressors(size) {
  return [
    {
      extension: '.br',
      compress: (bytes) =>
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
          },
        }),
    },
    { extension: '.gz', compress: (bytes) => gzipAsync(bytes, { level: 9 }) },
  ];
}

/**
 * Every compressible file under `root` but those in dot folders: the prerendered pages (.prerendered) are not
 * sent as built, the server writes each request's origin into them and compresses the result once per origin
 * (src/server/http/prerendered-pages.ts).
 */
async function compressibleFiles(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(root, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Writes the .br and .gz siblings of the compressible files under `root` that are at least MIN_BYTES and
 * shrink by at least 10 %; returns what it wrote, per file.
 */
export async function compressAssets(root) {
  const written = [];
  for (const file of await compressibleFiles(root)) {
    const bytes = await readFile(file);
    if (bytes.length < MIN_BYTES) continue;
    for (const { extension, compress } of compressors(bytes.length)) {
      const compressed = await compress(bytes);
      if (compressed.length > bytes.length * MIN_RATIO) continue;
      await writeFile(file + extension, compressed);
      written.push({ file: path.relative(root, file) + extension, bytes: compressed.length });
    }
  }
  return written;
}

if (import.meta.filename === process.argv[1]) {
  const root = path.resolve(process.argv[2] ?? 'dist/web');
  const written = await compressAssets(root);
  console.log(`compressed ${written.length} files (.br, .gz) in ${path.relative('.', root) || '.'}`);
}
