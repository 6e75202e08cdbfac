import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, inspectLogo, pngImageData } from './report-logo';

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (byte) => parseInt(byte, 16));

/** A whole 16 × 16 PNG from ImageMagick (`convert -size 16x16 xc:'#1e4d8c' -strip`), 84 bytes. */
const PNG_16 = hex(
  '89504e470d0a1a0a0000000d4948445200000010000000100103000000253d6d2200000003504c54451e4d8c101b4de3' +
    '0000000c4944415408d76360200d000000300001c7aa858e0000000049454e44ae426082',
);

/** The first 180 bytes of a 16 × 16 JFIF JPEG: APP0, two quantisation tables, then SOF0 (height 16, width 16). */
const JPEG_16_HEADER = hex(
  'ffd8ffe000104a46494600010100000100010000ffdb00430006040506050406060506070706080a100a0a09090a140e' +
    '0f0c1017141818171416161a1d251f1a1b231c1616202c20232627292a29191f2d302d283025282928ffdb0043010707' +
    '070a080a130a0a13281a161a282828282828282828282828282828282828282828282828282828282828282828282828' +
    '2828282828282828282828282828ffc00011080010001003012200021101031101ffc400',
);

/** A PNG signature and IHDR chunk for any size (the rest of the file is not read). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set(hex('89504e470d0a1a0a0000000d49484452'));
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** A JPEG whose only segment before the frame is an APP0, with a SOF2 (progressive) frame header. */
function progressiveJpegHeader(width: number, height: number): Uint8Array {
  const bytes = hex('ffd8ffe000104a46494600010100000100010000ffc2001108000000000301220002110103110100');
  new DataView(bytes.buffer).setUint16(25, height);
  new DataView(bytes.buffer).setUint16(27, width);
  return bytes;
}

describe('inspectLogo', () => {
  it('reads a PNG by its signature and its size from IHDR', () => {
    expect(inspectLogo(PNG_16)).toEqual({ ok: true, type: 'image/png', width: 16, height: 16 });
    expect(inspectLogo(pngHeader(640, 200))).toEqual({
      ok: true,
      type: 'image/png',
      width: 640,
      height: 200,
    });
  });

  it('reads a JPEG by its SOI marker and its size from the first frame header, past other segments', () => {
    expect(inspectLogo(JPEG_16_HEADER)).toEqual({ ok: true, type: 'image/jpeg', width: 16, height: 16 });
    expect(inspectLogo(progressiveJpegHeader(1200, 300))).toEqual({
      ok: true,
      type: 'image/jpeg',
      width: 1200,
      height: 300,
    });
  });

  it('refuses a GIF, a WebP and text as unsupported types, whatever they are called', () => {
    const refused = { ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: LOGO_MESSAGES.unsupportedType };
    expect(inspectLogo(hex('4749463839612800140080000000'))).toEqual(refused); // GIF89a 40 × 20
    expect(inspectLogo(hex('524946461a000000574542505650384c'))).toEqual(refused); // RIFF....WEBPVP8L
    expect(inspectLogo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual(
      refused,
    );
  });

  it('refuses an empty file and one over 512 KB (by its byte count, before reading it)', () => {
    expect(inspectLogo(new Uint8Array(0))).toEqual({
      ok: false,
      code: 'VALIDATION_ERROR',
      message: LOGO_MESSAGES.empty,
    });
    const oversized = new Uint8Array(LOGO_MAX_BYTES + 1);
    oversized.set(PNG_16);
    expect(inspectLogo(oversized)).toEqual({
      ok: false,
      code: 'PAYLOAD_TOO_LARGE',
      message: LOGO_MESSAGES.tooLarge,
    });
    const atLimit = new Uint8Array(LOGO_MAX_BYTES);
    atLimit.set(PNG_16);
    expect(inspectLogo(atLimit)).toMatchObject({ ok: true });
  });

  it('refuses sizes outside 16-2000 pixels a side and headers it cannot read', () => {
    expect(inspectLogo(pngHeader(15, 100))).toMatchObject({ ok: false, message: LOGO_MESSAGES.tooSmall });
    expect(inspectLogo(pngHeader(2001, 100))).toMatchObject({ ok: false, message: LOGO_MESSAGES.tooBig });
    expect(inspectLogo(pngHeader(2000, 2000))).toMatchObject({ ok: true, width: 2000, height: 2000 });
    expect(inspectLogo(progressiveJpegHeader(4000, 3000))).toMatchObject({
      ok: false,
      message: LOGO_MESSAGES.tooBig,
    });
    expect(inspectLogo(pngHeader(0, 0))).toMatchObject({ ok: false, message: LOGO_MESSAGES.unreadable });
    expect(inspectLogo(PNG_16.subarray(0, 20))).toMatchObject({
      ok: false,
      message: LOGO_MESSAGES.unreadable,
    });
    expect(inspectLogo(hex('ffd8ffd9'))).toMatchObject({ ok: false, message: LOGO_MESSAGES.unreadable });
  });
});

/** A PNG of chunks given as [type, data] (CRCs left zero: pngImageData reads the structure, not the checksums). */
function pngOf(chunks: readonly (readonly [string, Uint8Array])[]): Uint8Array {
  const parts: Uint8Array[] = [hex('89504e470d0a1a0a')];
  for (const [type, data] of chunks) {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, data.length);
    head.set(new TextEncoder().encode(type), 4);
    parts.push(head, data, new Uint8Array(4));
  }
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
}

function ihdr(width: number, height: number, depth: number, colorType: number, interlace = 0): Uint8Array {
  const data = new Uint8Array(13);
  new DataView(data.buffer).setUint32(0, width);
  new DataView(data.buffer).setUint32(4, height);
  data.set([depth, colorType, 0, 0, interlace], 8);
  return data;
}

describe('pngImageData', () => {
  it("finds a real PNG's image data and the size its header promises", () => {
    const data = pngImageData(PNG_16);
    // 16 rows of a filter byte and 16 one-bit palette indexes (2 bytes); its one IDAT is 12 bytes.
    expect(data?.inflatedBytes).toBe(16 * (1 + 2));
    expect(data?.idat.map((chunk) => chunk.length)).toEqual([12]);
  });

  it('counts every scanline of each colour type and depth, and of the seven interlaced passes', () => {
    const idat = ['IDAT', hex('00')] as const;
    const end = ['IEND', new Uint8Array(0)] as const;
    const size = (header: Uint8Array) => pngImageData(pngOf([['IHDR', header], idat, end]))?.inflatedBytes;
    expect(size(ihdr(2000, 2000, 8, 6))).toBe(2000 * (1 + 8000));
    expect(size(ihdr(2000, 2000, 16, 6))).toBe(2000 * (1 + 16000));
    expect(size(ihdr(33, 20, 8, 2))).toBe(20 * (1 + 99));
    expect(size(ihdr(17, 3, 4, 3))).toBe(3 * (1 + 9));
    expect(size(ihdr(16, 16, 8, 4))).toBe(16 * (1 + 32));
    // Adam7 of 16 × 16 RGBA: passes of 2×2, 2×2, 4×2, 4×4, 8×4, 8×8 and 16×8 pixels (as sharp writes it).
    expect(size(ihdr(16, 16, 8, 6, 1))).toBe(1054);
    // Passes that hold no pixel have no scanlines: a 1 × 1 image is the first pass alone.
    expect(size(ihdr(1, 1, 8, 0, 1))).toBe(2);
  });

  it('joins the IDAT chunks in order and skips the others', () => {
    const png = pngOf([
      ['IHDR', ihdr(16, 16, 8, 6)],
      ['IDAT', hex('0102')],
      ['tEXt', hex('41')],
      ['IDAT', hex('03')],
      ['IEND', new Uint8Array(0)],
    ]);
    expect(pngImageData(png)?.idat.map((chunk) => [...chunk])).toEqual([[1, 2], [3]]);
  });

  it('refuses a structure that is not a PNG: no IHDR first, bad header fields, no IDAT or IEND, a chunk past the end', () => {
    const idat = ['IDAT', hex('00')] as const;
    const end = ['IEND', new Uint8Array(0)] as const;
    expect(pngImageData(pngOf([idat, ['IHDR', ihdr(16, 16, 8, 6)], end]))).toBeNull();
    expect(pngImageData(pngOf([['IHDR', ihdr(16, 16, 8, 5)], idat, end]))).toBeNull(); // no colour type 5
    expect(pngImageData(pngOf([['IHDR', ihdr(16, 16, 4, 2)], idat, end]))).toBeNull(); // RGB of 4 bits
    expect(pngImageData(pngOf([['IHDR', ihdr(16, 16, 8, 6, 2)], idat, end]))).toBeNull(); // no interlace 2
    expect(pngImageData(pngOf([['IHDR', ihdr(16, 16, 8, 6)], end]))).toBeNull();
    expect(pngImageData(pngOf([['IHDR', ihdr(16, 16, 8, 6)], idat]))).toBeNull();
    const whole = pngOf([['IHDR', ihdr(16, 16, 8, 6)], idat, end]);
    expect(pngImageData(whole.subarray(0, whole.length - 1))).toBeNull();
    expect(pngImageData(JPEG_16_HEADER)).toBeNull();
  });
});
