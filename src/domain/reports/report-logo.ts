/**
 * A report logo as uploaded (decision 033): its type is read from the file's first bytes (never from a name or
 * a declared content type), its size from the byte count and its dimensions from the image header. This is the
 * cheap first look (the browser runs it too); the server then decodes the whole image before accepting it
 * (features/reports/logo-image.ts, issue 24). Pure: bytes in, a verdict out.
 */

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MIN_DIMENSION = 16;
export const LOGO_MAX_DIMENSION = 2000;
/** Logos are stored re-encoded as PNG: a photo-like JPEG can grow many times over, so the PNG is bounded too. */
export const LOGO_MAX_STORED_BYTES = 2 * 1024 * 1024;

export type LogoType = 'image/png' | 'image/jpeg';

export const LOGO_MESSAGES = {
  empty: 'Choose an image file for the logo.',
  unsupportedType: 'The logo must be a PNG or JPEG image.',
  tooLarge: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`,
  unreadable: 'The logo image could not be read. Please upload a valid PNG or JPEG file.',
  tooSmall: `The logo must be at least ${LOGO_MIN_DIMENSION} × ${LOGO_MIN_DIMENSION} pixels.`,
  tooBig: `The logo must be at most ${LOGO_MAX_DIMENSION} × ${LOGO_MAX_DIMENSION} pixels.`,
  tooDetailed: `As a PNG this logo would be over ${LOGO_MAX_STORED_BYTES / 1024 / 1024} MB. Please upload a smaller image or one with fewer colours.`,
  storedUnreadable:
    'Your saved logo could not be read, so reports are made without it. Please upload the logo again.',
} as const;

export interface LogoInfo {
  readonly type: LogoType;
  readonly width: number;
  readonly height: number;
}

export type LogoVerdict =
  | ({ readonly ok: true } & LogoInfo)
  | {
      readonly ok: false;
      readonly code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR' | 'IMAGE_UNREADABLE';
      readonly message: string;
    };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function uint16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint32(bytes: Uint8Array, at: number): number {
  return uint16(bytes, at) * 0x10000 + uint16(bytes, at + 2);
}

/** The IHDR chunk must come first: length 13, type 'IHDR', then width and height (big-endian). */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  const isIhdr = uint32(bytes, 8) === 13 && startsWith(bytes.subarray(12), [0x49, 0x48, 0x44, 0x52]);
  return isIhdr ? { width: uint32(bytes, 16), height: uint32(bytes, 20) } : null;
}

/** Start-of-frame markers (SOF0-SOF15) carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the JPEG's marker segments up to the first start-of-frame: precision, height, width. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    // End of image or start of scan before any frame header: no size.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = uint16(bytes, at + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: uint16(bytes, at + 5), width: uint16(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The logo's type and dimensions, or why it is refused. `maxBytes` is the upload's limit unless told otherwise (a
 * stored logo, re-encoded as PNG, may be up to LOGO_MAX_STORED_BYTES).
 */
export function inspectLogo(bytes: Uint8Array, maxBytes: number = LOGO_MAX_BYTES): LogoVerdict {
  if (bytes.length === 0) return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.empty };
  if (bytes.length > maxBytes) {
    return { ok: false, code: 'PAYLOAD_TOO_LARGE', message: LOGO_MESSAGES.tooLarge };
  }
  let type: LogoType;
  let size: { width: number; height: number } | null;
  if (startsWith(bytes, PNG_SIGNATURE)) {
    type = 'image/png';
    size = pngSize(bytes);
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    type = 'image/jpeg';
    size = jpegSize(bytes);
  } else {
    return { ok: false, code: 'UNSUPPORTED_MEDIA_TYPE', message: LOGO_MESSAGES.unsupportedType };
  }
  if (!size || size.width === 0 || size.height === 0) {
    return { ok: false, code: 'IMAGE_UNREADABLE', message: LOGO_MESSAGES.unreadable };
  }
  if (size.width < LOGO_MIN_DIMENSION || size.height < LOGO_MIN_DIMENSION) {
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.tooSmall };
  }
  if (size.width > LOGO_MAX_DIMENSION || size.height > LOGO_MAX_DIMENSION) {
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.tooBig };
  }
  return { ok: true, type, width: size.width, height: size.height };
}

/** Channels per pixel of each PNG colour type, and the bit depths each allows (PNG 1.2, table 11.1). */
const PNG_COLOR_TYPES: Readonly<Record<number, { channels: number; depths: readonly number[] }>> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7's passes: first column, first row, column step, row step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngImageData {
  /** The IDAT chunks' data, in order: together one zlib stream. */
  readonly idat: readonly Uint8Array[];
  /** What that stream must inflate to, exactly: every scanline with its filter byte, as the header says. */
  readonly inflatedBytes: number;
}

/**
 * A PNG's compressed image data and the size its header promises, so that the server can inflate it with a
 * bound and refuse data that inflates to more (a decompression bomb) or less (truncated) than the header says.
 * Null when the chunk structure is not a PNG's: IHDR first with valid fields, chunks within the file, at least
 * one IDAT, and an IEND.
 */
export function pngImageData(bytes: Uint8Array): PngImageData | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  const idat: Uint8Array[] = [];
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null = null;
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) return null;
    const length = uint32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const dataStart = at + 8;
    if (dataStart + length + 4 > bytes.length) return null;
    const data = bytes.subarray(dataStart, dataStart + length);
    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      const [depth = 0, colorType = 0, compression, filter, interlace = 0] = data.subarray(8);
      const color = PNG_COLOR_TYPES[colorType];
      if (!color?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      header = {
        width: uint32(data, 0),
        height: uint32(data, 4),
        bitsPerPixel: color.channels * depth,
        interlaced: interlace === 1,
      };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at = dataStart + length + 4;
  }
  if (header === null || idat.length === 0) return null;
  const { width, height, bitsPerPixel, interlaced } = header;
  const scanlines = (columns: number, rows: number) =>
    columns > 0 && rows > 0 ? rows * (1 + Math.ceil((columns * bitsPerPixel) / 8)) : 0;
  const inflatedBytes = interlaced
    ? ADAM7.reduce(
        (sum, [x0, y0, dx, dy]) =>
          sum + scanlines(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)),
        0,
      )
    : scanlines(width, height);
  return { idat, inflatedBytes };
}
