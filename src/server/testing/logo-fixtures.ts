import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';

/**
 * Real images for the report-branding tests (made with ImageMagick: `convert -size 16x16 xc:'#1e4d8c' -strip`,
 * and the same for the JPEG and GIF), small enough to keep inline.
 */

/** A 16 × 16 PNG, one colour, 84 bytes. */
export const PNG_16 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQAQMAAAAlPW0iAAAAA1BMVEUeTYwQG03jAAAADElEQVQI12NgIA0AAAAwAAHHqoWOAAAAAElFTkSuQmCC',
  'base64',
);

/** A 16 × 16 baseline JPEG (JFIF), one colour, 286 bytes. */
export const JPEG_16 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAA3Kz/2Q==',
  'base64',
);

/** A 40 × 20 GIF: a real image of a type reports do not take. */
export const GIF_40X20 = Buffer.from(
  'R0lGODlhKAAUAPAAAP8AAAAAACH5BAAAAAAALAAAAAAoABQAAAIahI+py+0Po5y02ouz3rz7D4biSJbmiabqihUAOw==',
  'base64',
);

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG built from its parts, for images no encoder would write: the signature, an IHDR of `width` × `height`
 * (8-bit RGBA, not interlaced), one IDAT holding `idat` exactly as given, and IEND. Every CRC is right.
 */
export function pngWithImageData(options: { width: number; height: number; idat: Buffer }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', options.idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Issue 24 item 1: 155 bytes, a valid signature and 16 × 16 RGBA header, and an IDAT that is not deflate data
 * (no zlib header). pdfkit's PNG decoder threw on it from a zlib callback and ended the server.
 */
export const PNG_BAD_DEFLATE = pngWithImageData({ width: 16, height: 16, idat: Buffer.alloc(98, 0xab) });

/**
 * Issue 24 item 5: a 2000 × 2000 RGBA PNG (16 MB of pixels, the largest size allowed) whose image data inflates to
 * 400 MB of zeros; about 400 KB. Deflated from one reused 1 MB buffer, so making it never holds 400 MB.
 */
export async function decompressionBombPng(): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  for (let megabyte = 0; megabyte < 400; megabyte++) {
    if (!deflate.write(zeros)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return pngWithImageData({ width: 2000, height: 2000, idat: Buffer.concat(chunks) });
}
