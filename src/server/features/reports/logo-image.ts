/**
 * A report logo decoded in full before anything else touches it (issue 24 items 1 and 5). An uploaded logo and a
 * stored one go through the same steps, and only what comes out (PNG bytes sharp has just written) is stored or
 * handed to pdfkit: pdfkit's own PNG decoder inflates asynchronously and throws from a zlib callback, where no
 * try/catch of a request can catch it, so it never sees bytes a person sent.
 *
 * 1. `inspectLogo`: the type from the first bytes (PNG or JPEG), the byte count, the header's dimensions.
 * 2. A PNG's image data is inflated as a stream, counting and keeping nothing, and must come to exactly what its
 *    header promises: a decompression bomb (far more) or truncated data (less) is refused after at most the
 *    header's size plus one chunk has been inflated.
 * 3. sharp (libvips) decodes the whole image (`failOn: 'error'`: a corrupt or truncated image is an error, a
 *    mere warning such as an odd colour profile is not) with `limitInputPixels` at 2000 × 2000, turns it upright
 *    as its EXIF says, converts it to 8-bit sRGB keeping any transparency, and writes it as PNG without
 *    metadata. It runs on libuv's thread pool; its errors arrive as a rejected promise.
 */
import { createInflate } from 'node:zlib';
import sharp from 'sharp';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_DIMENSION,
  LOGO_MAX_STORED_BYTES,
  LOGO_MESSAGES,
  LOGO_MIN_DIMENSION,
  inspectLogo,
  pngImageData,
  type LogoVerdict,
} from '../../../domain/reports/report-logo';

/** A logo as stored and drawn: PNG bytes written by sharp, and their dimensions. */
export interface DecodedLogo {
  readonly ok: true;
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

export type LogoRefusal = Extract<LogoVerdict, { ok: false }>;

// libvips keeps recent operations and their images in memory for reuse: nothing here is asked twice, and no
// decoded image of one account should outlive its request.
sharp.cache(false);

const unreadable: LogoRefusal = { ok: false, code: 'IMAGE_UNREADABLE', message: LOGO_MESSAGES.unreadable };

/** A corrupt or bomb-like image must not hold a thread-pool thread for long. */
const DECODE_TIMEOUT_SECONDS = 10;

/**
 * How many bytes the zlib stream made of `idat` inflates to, stopping (and discarding the rest) as soon as it
 * passes `limit`: 'over' then, 'corrupt' when it is not valid zlib data.
 */
function inflatedSize(idat: readonly Uint8Array[], limit: number): Promise<number | 'over' | 'corrupt'> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    const settle = (result: number | 'over' | 'corrupt') => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle('over');
        inflate.destroy();
      }
    });
    inflate.on('error', () => settle('corrupt'));
    inflate.on('end', () => settle(total));
    inflate.end(Buffer.concat(idat));
  });
}

/**
 * The logo decoded, checked and re-encoded as PNG, or why it cannot be: an unsupported type (415), too many bytes
 * (413), dimensions outside 16-2000 pixels (400), or content that does not decode as the image its header
 * describes (422). An upload (`stored: false`) is at most 512 KB and its PNG at most 2 MB (400 otherwise); a
 * stored logo, already such a PNG, at most 2 MB.
 */
export async function decodeLogo(options: {
  bytes: Buffer;
  stored: boolean;
}): Promise<DecodedLogo | LogoRefusal> {
  const { bytes, stored } = options;
  const verdict = inspectLogo(bytes, stored ? LOGO_MAX_STORED_BYTES : LOGO_MAX_BYTES);
  if (!verdict.ok) return verdict;
  if (verdict.type === 'image/png') {
    const data = pngImageData(bytes);
    if (!data) return unreadable;
    if ((await inflatedSize(data.idat, data.inflatedBytes)) !== data.inflatedBytes) return unreadable;
  }
  let decoded: DecodedLogo;
  try {
    const image = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: LOGO_MAX_DIMENSION * LOGO_MAX_DIMENSION,
      animated: false,
    });
    const metadata = await image.metadata();
    if (metadata.format !== (verdict.type === 'image/png' ? 'png' : 'jpeg')) return unreadable;
    const { data, info } = await image
      .autoOrient()
      .toColourspace('srgb')
      .png()
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    decoded = { ok: true, bytes: data, width: info.width, height: info.height };
  } catch {
    return unreadable;
  }
  const sides = [decoded.width, decoded.height];
  if (sides.some((side) => side < LOGO_MIN_DIMENSION || side > LOGO_MAX_DIMENSION)) return unreadable;
  if (decoded.bytes.length > LOGO_MAX_STORED_BYTES) {
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.tooDetailed };
  }
  return decoded;
}
