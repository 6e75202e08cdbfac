import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON, XML and text other than event streams. Not octet-stream (the plugin's default includes it) nor PDF:
 * binary bodies are either compressed already (pdfkit deflates its streams) or not worth it.
 */
const COMPRESSIBLE_TYPES = /^application\/(?:[\w.+-]+\+)?(?:json|xml)(?:;|$)|^text\/(?!event-stream)/;

/**
 * Compresses the answers of /api routes (brotli at quality 4 or gzip, by Accept-Encoding) from
 * COMPRESSION_THRESHOLD_BYTES up. Must be registered before the routes: it hooks each route as it is added.
 *
 * Routes outside /api opt out before the plugin sees them: the built web app is served precompressed
 * (scripts/compress-assets.mjs, @fastify/static `preCompressed`), the prerendered pages compressed once per
 * origin, and robots.txt is tiny. The plugin's hooks cost every request of a route (~70 µs measured on a
 * loaded 2-core machine, ~20 % of a trivial JSON route), whatever the answer's size, so the hot routes
 * that only ever answer a few hundred bytes (/api/auth/me, /api/health, /api/config) opt out with
 * `compress: false` and carry no hook at all, and so does GET /api/v1/portfolio, whose answer is compressed
 * once per cached portfolio instead (EncodedJson in content-encoding.ts).
 * Request bodies are never decompressed: a compressed upload would slip past the body limit's intent.
 */
export async function registerApiCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/')) route.compress ??= false;
  });
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}
