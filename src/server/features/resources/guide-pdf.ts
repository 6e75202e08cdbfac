/**
 * Renders a guide of src/domain/guides as a PDF with pdfkit: the standard Helvetica fonts (built into every
 * PDF reader, nothing embedded), US Letter, a tagged structure (headings, paragraphs, lists) and bookmarks so
 * screen readers and the reader's outline can navigate it. Streams are left uncompressed (`compress: false`):
 * the files stay small (tens of KB) and their text can be checked by tests without an inflater.
 */
import PDFDocument from 'pdfkit';
import { EDUCATIONAL_LINE, GUIDE_DISCLAIMER, type Guide, type GuideBlock } from '../../../domain/guides';

const PAGE = { size: 'LETTER', margin: 64, footerGap: 32 } as const;
const COLOR = {
  brand: '#1e4d8c',
  text: '#0f172a',
  muted: '#475569',
  rule: '#e2e8f0',
  exampleBackground: '#f4f7fb',
} as const;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const SIZE = { brand: 11, title: 24, summary: 12, heading: 15, body: 10.5, small: 8.5 } as const;
const LINE_GAP = 2.5;
const INDENT = 16;

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bodyText(doc: Doc): Doc {
  return doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text);
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
function keepTogether(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function paragraph(doc: Doc, parent: Struct, text: string) {
  parent.add(
    doc.struct('P', {}, () => {
      bodyText(doc).text(text, doc.page.margins.left, doc.y, {
        width: contentWidth(doc),
        lineGap: LINE_GAP,
      });
    }),
  );
  doc.moveDown(0.6);
}

/** A bulleted or numbered list: marker in the gutter, text hanging beside it. */
function list(doc: Doc, parent: Struct, items: readonly string[], numbered: boolean) {
  const left = doc.page.margins.left;
  const listElement = doc.struct('L');
  parent.add(listElement);
  items.forEach((item, index) => {
    const marker = numbered ? `${index + 1}.` : '•';
    bodyText(doc);
    keepTogether(doc, doc.currentLineHeight(true) * 2);
    const top = doc.y;
    const entry = doc.struct('LI');
    listElement.add(entry);
    entry.add(
      doc.struct('Lbl', {}, () => {
        doc.fillColor(COLOR.brand).text(marker, left + 2, top, { width: INDENT, lineBreak: false });
      }),
    );
    entry.add(
      doc.struct('LBody', {}, () => {
        bodyText(doc).text(item, left + INDENT + 4, top, {
          width: contentWidth(doc) - INDENT - 4,
          lineGap: LINE_GAP,
        });
      }),
    );
    entry.end();
    doc.moveDown(0.35);
  });
  listElement.end();
  doc.x = left;
  doc.moveDown(0.3);
}

/** A worked example: a shaded box with a bold title and one line per step. */
function example(doc: Doc, parent: Struct, title: string, lines: readonly string[]) {
  const left = doc.page.margins.left;
  const padding = 10;
  const innerWidth = contentWidth(doc) - padding * 2;
  doc.font(FONT.bold).fontSize(SIZE.body);
  let height = doc.heightOfString(title, { width: innerWidth, lineGap: LINE_GAP }) + 4;
  doc.font(FONT.regular);
  for (const line of lines) height += doc.heightOfString(line, { width: innerWidth, lineGap: LINE_GAP }) + 2;
  height += padding * 2;
  keepTogether(doc, height);
  const top = doc.y;
  doc.markContent('Artifact', { type: 'Layout' });
  doc.save().roundedRect(left, top, contentWidth(doc), height, 4).fill(COLOR.exampleBackground).restore();
  doc.save().rect(left, top, 3, height).fill(COLOR.brand).restore();
  doc.endMarkedContent();
  const box = doc.struct('Div');
  parent.add(box);
  box.add(
    doc.struct('P', {}, () => {
      doc
        .font(FONT.bold)
        .fontSize(SIZE.body)
        .fillColor(COLOR.text)
        .text(title, left + padding, top + padding, { width: innerWidth, lineGap: LINE_GAP });
    }),
  );
  doc.y += 4;
  for (const line of lines) {
    box.add(
      doc.struct('P', {}, () => {
        bodyText(doc).text(line, left + padding, doc.y, { width: innerWidth, lineGap: LINE_GAP });
      }),
    );
    doc.y += 2;
  }
  box.end();
  doc.x = left;
  doc.y = top + height;
  doc.moveDown(0.8);
}

function block(doc: Doc, parent: Struct, content: GuideBlock) {
  switch (content.kind) {
    case 'paragraph':
      return paragraph(doc, parent, content.text);
    case 'bullets':
      return list(doc, parent, content.items, false);
    case 'steps':
      return list(doc, parent, content.items, true);
    case 'example':
      return example(doc, parent, content.title, content.lines);
  }
}

function heading(doc: Doc, parent: Struct, text: string) {
  doc.moveDown(0.4);
  // A heading never sits alone at the bottom of a page.
  keepTogether(doc, 80);
  doc.outline.addItem(text);
  parent.add(
    doc.struct('H2', {}, () => {
      doc
        .font(FONT.bold)
        .fontSize(SIZE.heading)
        .fillColor(COLOR.brand)
        .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
    }),
  );
  doc.moveDown(0.4);
}

function rule(doc: Doc) {
  const left = doc.page.margins.left;
  doc.markContent('Artifact', { type: 'Layout' });
  doc
    .save()
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .lineWidth(1)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  doc.endMarkedContent();
}

/** Page footer on every page: the product, the guide, the disclaimer line and 'Page n of m'. */
function footers(doc: Doc, guide: Guide) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - bottomMargin + PAGE.footerGap - SIZE.small;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font(FONT.regular)
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(`Foliowise • ${guide.title} • ${EDUCATIONAL_LINE}`, doc.page.margins.left, y, {
        width: contentWidth(doc) - 70,
        lineBreak: false,
      })
      .text(`Page ${index - range.start + 1} of ${range.count}`, doc.page.margins.left, y, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The guide as PDF bytes. Same text as the /resources page: both read src/domain/guides. */
export function renderGuidePdf(guide: Guide): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + 8 },
    compress: false,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: guide.title,
      Author: 'Foliowise',
      Subject: guide.summary,
      Keywords: `Foliowise, investor education, ${guide.title}`,
      Creator: 'Foliowise',
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const root = doc.struct('Document');
  doc.addStructure(root);

  root.add(
    doc.struct('P', {}, () => {
      doc.font(FONT.bold).fontSize(SIZE.brand).fillColor(COLOR.brand).text('Foliowise', left, doc.y, {
        characterSpacing: 0.5,
      });
    }),
  );
  doc.moveDown(0.6);
  root.add(
    doc.struct('H1', {}, () => {
      doc
        .font(FONT.bold)
        .fontSize(SIZE.title)
        .fillColor(COLOR.text)
        .text(guide.title, left, doc.y, { width: contentWidth(doc) });
    }),
  );
  doc.moveDown(0.4);
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font(FONT.regular)
        .fontSize(SIZE.summary)
        .fillColor(COLOR.muted)
        .text(guide.summary, left, doc.y, { width: contentWidth(doc), lineGap: LINE_GAP });
    }),
  );
  doc.moveDown(0.8);
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font(FONT.bold)
        .fontSize(SIZE.small + 1)
        .fillColor(COLOR.text)
        .text(EDUCATIONAL_LINE, left, doc.y);
      doc
        .font(FONT.italic)
        .fontSize(SIZE.small + 0.5)
        .fillColor(COLOR.muted)
        .text(GUIDE_DISCLAIMER, left, doc.y + 2, { width: contentWidth(doc), lineGap: 1.5 });
    }),
  );
  doc.moveDown(0.8);
  rule(doc);
  doc.moveDown(0.8);

  for (const section of guide.sections) {
    const sect = doc.struct('Sect');
    root.add(sect);
    heading(doc, sect, section.heading);
    for (const content of section.blocks) block(doc, sect, content);
    sect.end();
  }

  const takeaways = doc.struct('Sect');
  root.add(takeaways);
  heading(doc, takeaways, 'Key takeaways');
  list(doc, takeaways, guide.keyTakeaways, false);
  takeaways.end();

  doc.moveDown(0.6);
  keepTogether(doc, 60);
  rule(doc);
  doc.moveDown(0.6);
  root.add(
    doc.struct('P', {}, () => {
      doc
        .font(FONT.italic)
        .fontSize(SIZE.small + 0.5)
        .fillColor(COLOR.muted)
        .text(`${EDUCATIONAL_LINE}. ${GUIDE_DISCLAIMER}`, left, doc.y, {
          width: contentWidth(doc),
          lineGap: 1.5,
        });
    }),
  );
  root.end();

  footers(doc, guide);
  doc.end();
  return finished;
}

export type GuidePdfCache = ReturnType<typeof createGuidePdfCache>;

/**
 * Generated bytes per slug, kept for the life of the process: the guides change only with a deploy. The
 * promise is cached so concurrent first requests render once.
 */
export function createGuidePdfCache(render: (guide: Guide) => Promise<Buffer> = renderGuidePdf) {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    get(guide: Guide): Promise<Buffer> {
      let pending = cache.get(guide.slug);
      if (!pending) {
        pending = render(guide);
        // A failed render is not cached: the next request tries again.
        pending.catch(() => cache.delete(guide.slug));
        cache.set(guide.slug, pending);
      }
      return pending;
    },
  };
}
