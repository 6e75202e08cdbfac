/**
 * A report logo as uploaded (decision 033): its type is read from the file's first bytes (never from a name or
 * a declared content type), its size from the byte count and its dimensions from the image header, so that
 * nothing but a PNG or JPEG of bounded size reaches pdfkit. Pure: bytes in, a verdict out.
 */

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MIN_DIMENSION = 16;
export const LOGO_MAX_DIMENSION = 2000;

export type LogoType = 'image/png' | 'image/jpeg';

export const LOGO_MESSAGES = {
  empty: 'Choose an image file for the logo.',
  unsupportedType: 'The logo must be a PNG or JPEG image.',
  tooLarge: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`,
  unreadable: 'The logo image could not be read. Please upload a valid PNG or JPEG file.',
  tooSmall: `The logo must be at least ${LOGO_MIN_DIMENSION} × ${LOGO_MIN_DIMENSION} pixels.`,
  tooBig: `The logo must be at most ${LOGO_MAX_DIMENSION} × ${LOGO_MAX_DIMENSION} pixels.`,
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
      readonly code: 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE' | 'VALIDATION_ERROR';
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

/** The logo's type and dimensions, or why it is refused. */
export function inspectLogo(bytes: Uint8Array): LogoVerdict {
  if (bytes.length === 0) return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.empty };
  if (bytes.length > LOGO_MAX_BYTES) {
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
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.unreadable };
  }
  if (size.width < LOGO_MIN_DIMENSION || size.height < LOGO_MIN_DIMENSION) {
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.tooSmall };
  }
  if (size.width > LOGO_MAX_DIMENSION || size.height > LOGO_MAX_DIMENSION) {
    return { ok: false, code: 'VALIDATION_ERROR', message: LOGO_MESSAGES.tooBig };
  }
  return { ok: true, type, width: size.width, height: size.height };
}
