/**
 * The blocks of running text a PDF is made of (paragraphs, lists, rules), laid out between the page's margins
 * from `doc.y` down, each tagged (structure.ts) and drawn through the text helpers (text.ts).
 */
import { artifact, group, tag } from './structure';
import { heightOf, useFont, write, type Weight } from './text';

type Doc = PDFKit.PDFDocument;

/** The colours every PDF of the app shares; a document adds its own brand colour. */
export const PDF_COLOR = {
  text: '#0f172a',
  muted: '#475569',
  rule: '#e2e8f0',
  panel: '#f4f7fb',
} as const;

export interface TextStyle {
  size: number;
  color: string;
  /** Points between wrapped lines. */
  lineGap: number;
  /** Space after the block, in lines of its own size. */
  after: number;
  weight?: Weight;
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Where the content ends: the top of the bottom margin. */
export function contentBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
export function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > contentBottom(doc)) doc.addPage();
}

/** A block of wrapped text the width of the page, tagged as `type` (a paragraph unless said). */
export function paragraph(doc: Doc, text: string, style: TextStyle, type = 'P') {
  tag(doc, type, () => {
    useFont(doc, style.weight ?? 'regular')
      .fontSize(style.size)
      .fillColor(style.color);
    write(doc, text, doc.page.margins.left, doc.y, { width: contentWidth(doc), lineGap: style.lineGap });
  });
  doc.moveDown(style.after);
}

/** A bulleted or numbered list: the marker in the gutter in `markerColor`, the text hanging beside it. */
export function list(
  doc: Doc,
  items: readonly string[],
  style: Omit<TextStyle, 'after' | 'weight'> & { markerColor: string; numbered?: boolean },
) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc) - 18;
  group(doc, 'L', () => {
    items.forEach((item, index) => {
      useFont(doc, 'regular').fontSize(style.size);
      // An item starts on a new page rather than leave its first lines (up to 60 points) alone at the bottom.
      ensureSpace(doc, Math.min(heightOf(doc, item, { width, lineGap: style.lineGap }), 60));
      const top = doc.y;
      group(doc, 'LI', () => {
        tag(doc, 'Lbl', () => {
          useFont(doc, 'bold').fillColor(style.markerColor);
          write(doc, style.numbered ? `${index + 1}.` : '•', left, top, { width: 16, lineBreak: false });
        });
        tag(doc, 'LBody', () => {
          useFont(doc, 'regular').fillColor(style.color);
          write(doc, item, left + 18, top, { width, lineGap: style.lineGap });
        });
      });
      doc.moveDown(0.3);
    });
  });
  doc.x = left;
  doc.moveDown(0.3);
}

/** A thin line across the page at `doc.y`. */
export function rule(doc: Doc, color: string = PDF_COLOR.rule) {
  const left = doc.page.margins.left;
  artifact(doc, () =>
    doc
      .save()
      .moveTo(left, doc.y)
      .lineTo(left + contentWidth(doc), doc.y)
      .lineWidth(1)
      .strokeColor(color)
      .stroke()
      .restore(),
  );
}
