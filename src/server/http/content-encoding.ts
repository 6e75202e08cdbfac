import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESSION_THRESHOLD_BYTES } from './api-compression';

/** The encodings the server sends, in order of preference (brotli is ~15 % smaller than gzip on our text). */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The best encoding an Accept-Encoding header accepts, or null for none (send the body as it is). Tokens are
 * compared without letter case; `q=0` refuses one; `*` stands for any encoding the header does not name.
 */
export function negotiateContentEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!token) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
  return best ?? null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One body in every encoding, compressed as the build compresses its files (brotli 11, gzip 9). */
export interface EncodedBodies {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Compresses on libuv's thread pool: quality 11 on a 50 KB page takes tens of milliseconds. */
export async function encodeAtMaxQuality(text: string): Promise<EncodedBodies> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * A JSON answer kept in memory and sent many times: serialized once, and compressed at most once per encoding,
 * the first time a request accepts it (brotli at quality 4 or gzip, as the API's compression plugin does), from
 * COMPRESSION_THRESHOLD_BYTES up. A route that sends one opts out of the plugin (`compress: false`), whose hooks
 * would cost every request whatever the answer's size (api-compression.ts).
 */
export class EncodedJson {
  readonly text: string;
  private readonly isCompressible: boolean;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  constructor(value: unknown) {
    this.text = JSON.stringify(value);
    this.isCompressible = Buffer.byteLength(this.text) >= COMPRESSION_THRESHOLD_BYTES;
  }

  /** Sends it as JSON, compressed when large enough and the request accepts an encoding. */
  send(request: FastifyRequest, reply: FastifyReply): void {
    reply.type('application/json; charset=utf-8');
    const encoding = this.isCompressible
      ? negotiateContentEncoding(request.headers['accept-encoding'])
      : null;
    if (this.isCompressible) reply.header('Vary', 'Accept-Encoding');
    if (!encoding) {
      reply.send(this.text);
      return;
    }
    const body = (this.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(this.text));
    reply.header('Content-Encoding', encoding).send(body);
  }
}
