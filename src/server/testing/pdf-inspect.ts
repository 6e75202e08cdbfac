/**
 * A small reader for the uncompressed PDFs renderGuidePdf and the portfolio report write, used by tests
 * (integration and end-to-end) to check that a download is a well-formed PDF that a reader can open and that it
 * carries its text. It is not a general PDF parser: it reads a classic cross-reference table and the hex strings
 * of `TJ` text operators, which is what pdfkit writes: bytes of WinAnsiEncoding for the standard fonts, and glyph
 * ids read back through the font's /ToUnicode map for an embedded font (selected by the `Tf` before them).
 */

export interface PdfInspection {
  /** '1.7' from the `%PDF-1.7` header. */
  version: string;
  /** Every cross-reference entry in use points at the start of its object (`n 0 obj`). */
  xrefValid: boolean;
  /** Objects of type /Page. */
  pageCount: number;
  /** The /Title of the document information dictionary, when present. */
  title: string | null;
  /** The text drawn on the pages, one text operation per line, in drawing order. */
  text: string;
  /** The text of each page (in the order of the page tree), one text operation per line. */
  pages: string[];
}

/**
 * Windows-1252 bytes 0x80-0x9F (the WinAnsiEncoding of the standard fonts); the others are Latin-1.
 * Written out because Node's TextDecoder reads 'windows-1252' as Latin-1 without full ICU.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, '');
  let text = '';
  for (let i = 0; i + 1 < clean.length; i += 2) {
    const byte = parseInt(clean.slice(i, i + 2), 16);
    text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charAt(byte - 0x80) : String.fromCharCode(byte);
  }
  return text;
}

/** Decodes a PDF literal string body: backslash escapes and octal codes. */
function decodeLiteral(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_match, escape: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (simple[escape]) return simple[escape];
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return escape;
  });
}

function checkXref(source: string): boolean {
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(source);
  if (!start) return false;
  const offset = Number(start[1]);
  if (source.slice(offset, offset + 4) !== 'xref') return false;
  const lines = source.slice(offset).split(/\r?\n/);
  let index = 1;
  let checked = 0;
  while (index < lines.length) {
    const header = /^(\d+) (\d+)\s*$/.exec(lines[index] ?? '');
    if (!header) break;
    const first = Number(header[1]);
    const count = Number(header[2]);
    for (let k = 0; k < count; k++) {
      const entry = /^(\d{10}) (\d{5}) ([nf])/.exec(lines[index + 1 + k] ?? '');
      if (!entry) return false;
      if (entry[3] === 'n') {
        const at = Number(entry[1]);
        const expected = `${first + k} ${Number(entry[2])} obj`;
        if (source.slice(at, at + expected.length) !== expected) return false;
        checked++;
      }
    }
    index += count + 1;
  }
  return checked > 0 && /trailer\s*<<[\s\S]*\/Root\s+\d+ \d+ R/.test(source.slice(offset));
}

export function inspectPdf(bytes: Uint8Array): PdfInspection {
  // latin1 keeps one character per byte, so string offsets are byte offsets.
  const source = Buffer.from(bytes).toString('latin1');
  const header = /^%PDF-(\d\.\d)/.exec(source);
  if (!header) throw new Error('Not a PDF: missing %PDF header');
  const fonts = fontMaps(source);
  return {
    version: header[1] ?? '',
    xrefValid: checkXref(source),
    pageCount: source.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0,
    title: infoTitle(source),
    text: drawnText(source, fonts),
    pages: pageTexts(source, fonts),
  };
}

/** Glyph id (4 hex digits, lower case) -> text, per font resource name ('F3'), for the embedded fonts. */
type FontMaps = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A /ToUnicode CMap as pdfkit writes it: `bfrange` lines `<start> <end> [<utf-16> <utf-16 utf-16> ...]`. */
function parseToUnicode(cmap: string): Map<string, string> {
  const glyphs = new Map<string, string>();
  for (const range of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<[0-9a-fA-F]{4}>\s*\[([^\]]*)\]/g)) {
    let gid = parseInt(range[1] ?? '0', 16);
    for (const entry of (range[2] ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)) {
      const units = (entry[1] ?? '').trim().split(/\s+/).filter(Boolean);
      glyphs.set(
        gid.toString(16).padStart(4, '0'),
        String.fromCharCode(...units.map((u) => parseInt(u, 16))),
      );
      gid++;
    }
  }
  return glyphs;
}

/** The embedded fonts of the document by resource name, with their glyph maps. */
function fontMaps(source: string): FontMaps {
  const maps = new Map<string, Map<string, string>>();
  for (const dict of source.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
    for (const ref of (dict[1] ?? '').matchAll(/\/([\w.-]+)\s+(\d+)\s+(\d+)\s+R/g)) {
      const name = ref[1] ?? '';
      if (maps.has(name)) continue;
      const font = objectBody(source, ref[2] ?? '', ref[3] ?? '0') ?? '';
      const toUnicode = /\/ToUnicode\s+(\d+)\s+(\d+)\s+R/.exec(font);
      if (!toUnicode) continue;
      maps.set(name, parseToUnicode(objectBody(source, toUnicode[1] ?? '', toUnicode[2] ?? '0') ?? ''));
    }
  }
  return maps;
}

/** The strings of the `TJ` operators in `content`, one per line, each read in the font its `Tf` selected. */
function drawnText(content: string, fonts: FontMaps): string {
  const lines: string[] = [];
  let glyphs: ReadonlyMap<string, string> | undefined;
  const operators = /\/([\w.-]+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F\s]*>|[\s\d.+-])*)\]\s*TJ/g;
  for (const match of content.matchAll(operators)) {
    if (match[1] !== undefined) {
      glyphs = fonts.get(match[1]);
      continue;
    }
    const pieces = [...(match[2] ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => {
      const hex = m[1] ?? '';
      if (!glyphs) return decodeHex(hex);
      const map = glyphs;
      return (hex.replace(/\s+/g, '').toLowerCase().match(/.{4}/g) ?? [])
        .map((gid) => map.get(gid) ?? '')
        .join('');
    });
    lines.push(pieces.join(''));
  }
  return lines.join('\n');
}

/** Each page's text: the root /Pages object's /Kids in order, each page's /Contents stream (one, as pdfkit writes). */
function pageTexts(source: string, fonts: FontMaps): string[] {
  const pagesObject = /\n(\d+) (\d+) obj\s*<<(?:(?!endobj)[\s\S])*?\/Type \/Pages(?![\w])/.exec(source);
  const body = pagesObject ? objectBody(source, pagesObject[1] ?? '', pagesObject[2] ?? '0') : null;
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body ?? '')?.[1] ?? '';
  return [...kids.matchAll(/(\d+) (\d+) R/g)].map((kid) => {
    const page = objectBody(source, kid[1] ?? '', kid[2] ?? '0') ?? '';
    const contents = /\/Contents\s+(\d+) (\d+) R/.exec(page);
    return contents ? drawnText(objectBody(source, contents[1] ?? '', contents[2] ?? '0') ?? '', fonts) : '';
  });
}

/** The body of indirect object `n g`, between `obj` and `endobj`. */
function objectBody(source: string, id: string, generation: string): string | null {
  const start = source.indexOf(`\n${id} ${generation} obj`);
  if (start < 0) return null;
  const end = source.indexOf('endobj', start);
  return end < 0 ? null : source.slice(source.indexOf('obj', start) + 3, end).trim();
}

/** A PDF text string: `(literal)` or `<hex>`, UTF-16 when it starts with a byte order mark. */
function decodeTextString(value: string): string | null {
  const literal = /^\(((?:\\.|[^\\)])*)\)/.exec(value);
  if (literal) {
    const decoded = decodeLiteral(literal[1] ?? '');
    if (!decoded.startsWith('\u00fe\u00ff')) return decoded;
    return new TextDecoder('utf-16be').decode(Buffer.from(decoded.slice(2), 'latin1'));
  }
  const hex = /^<([0-9a-fA-F\s]*)>/.exec(value);
  if (!hex) return null;
  const clean = (hex[1] ?? '').replace(/\s+/g, '');
  if (clean.toUpperCase().startsWith('FEFF')) {
    const bytes = Buffer.from(clean.slice(4), 'hex');
    return new TextDecoder('utf-16be').decode(bytes);
  }
  return decodeHex(clean);
}

/** The /Title of the object the trailer names as /Info (outline items have titles too). */
function infoTitle(source: string): string | null {
  const info = /trailer\s*<<[\s\S]*?\/Info\s+(\d+)\s+(\d+)\s+R/.exec(source);
  const body = info ? objectBody(source, info[1] ?? '', info[2] ?? '') : null;
  if (!body) return null;
  const title = /\/Title\s*((\d+)\s+(\d+)\s+R|\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>)/.exec(body);
  if (!title) return null;
  if (title[2] !== undefined) {
    const target = objectBody(source, title[2], title[3] ?? '0');
    return target === null ? null : decodeTextString(target);
  }
  return decodeTextString(title[1] ?? '');
}

/** The page text with line breaks and repeated spaces folded, for "contains this sentence" checks. */
export function normalizedPdfText(inspection: PdfInspection): string {
  return inspection.text.replace(/\s+/g, ' ').trim();
}
