/**
 * A small reader for the uncompressed PDFs renderGuidePdf writes, used by tests (integration and end-to-end)
 * to check that a download is a well-formed PDF that a reader can open and that it carries the guide's text.
 * It is not a general PDF parser: it reads a classic cross-reference table and the hex strings of `TJ` text
 * operators, which is what pdfkit writes for the standard fonts.
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
  return {
    version: header[1] ?? '',
    xrefValid: checkXref(source),
    pageCount: source.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0,
    title: infoTitle(source),
    text: drawnText(source),
    pages: pageTexts(source),
  };
}

/** The strings of the `TJ` operators in `source`, one per line. */
function drawnText(source: string): string {
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[\s\d.+-])*)\]\s*TJ/g)) {
    const pieces = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => decodeHex(m[1] ?? ''));
    lines.push(pieces.join(''));
  }
  return lines.join('\n');
}

/** Each page's text: the root /Pages object's /Kids in order, each page's /Contents stream (one, as pdfkit writes). */
function pageTexts(source: string): string[] {
  const pagesObject = /\n(\d+) (\d+) obj\s*<<(?:(?!endobj)[\s\S])*?\/Type \/Pages(?![\w])/.exec(source);
  const body = pagesObject ? objectBody(source, pagesObject[1] ?? '', pagesObject[2] ?? '0') : null;
  const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body ?? '')?.[1] ?? '';
  return [...kids.matchAll(/(\d+) (\d+) R/g)].map((kid) => {
    const page = objectBody(source, kid[1] ?? '', kid[2] ?? '0') ?? '';
    const contents = /\/Contents\s+(\d+) (\d+) R/.exec(page);
    return contents ? drawnText(objectBody(source, contents[1] ?? '', contents[2] ?? '0') ?? '') : '';
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
