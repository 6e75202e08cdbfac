/**
 * Renders a guide of src/domain/guides as a PDF on the PDF layer the portfolio report also uses
 * (src/server/lib/pdf): the standard Helvetica fonts (built into every PDF reader, nothing embedded), US Letter,
 * a tagged structure (headings, paragraphs, lists) and bookmarks so screen readers and the reader's outline can
 * navigate it. Streams are left uncompressed: the files stay small (tens of KB) and their text can be checked by
 * tests without an inflater.
 */
import { EDUCATIONAL_LINE, GUIDE_DISCLAIMER, type Guide, type GuideBlock } from '../../../domain/guides';
import {
  PDF_COLOR,
  contentWidth,
  ensureSpace,
  list,
  paragraph,
  rule,
  type TextStyle,
} from '../../lib/pdf/blocks';
import { renderPdf } from '../../lib/pdf/document';
import { artifact, group, tag } from '../../lib/pdf/structure';
import { heightOf, useFont, write } from '../../lib/pdf/text';

type Doc = PDFKit.PDFDocument;

const PAGE = { margin: 64, bottom: 72, footerGap: 32 } as const;
const BRAND = '#1e4d8c';
const LINE_GAP = 2.5;
const BODY: TextStyle = { size: 10.5, color: PDF_COLOR.text, lineGap: LINE_GAP, after: 0.6 };
const SMALL = 8.5;

/** A worked example: a shaded box with a bold title and one line per step. */
function example(doc: Doc, title: string, lines: readonly string[]) {
  const left = doc.page.margins.left;
  const padding = 10;
  const innerWidth = contentWidth(doc) - padding * 2;
  const text = { width: innerWidth, lineGap: LINE_GAP };
  useFont(doc, 'bold').fontSize(BODY.size);
  let height = heightOf(doc, title, text) + 4;
  useFont(doc, 'regular');
  for (const line of lines) height += heightOf(doc, line, text) + 2;
  height += padding * 2;
  ensureSpace(doc, height);
  const top = doc.y;
  artifact(doc, () => {
    doc.save().roundedRect(left, top, contentWidth(doc), height, 4).fill(PDF_COLOR.panel).restore();
    doc.save().rect(left, top, 3, height).fill(BRAND).restore();
  });
  group(doc, 'Div', () => {
    tag(doc, 'P', () => {
      useFont(doc, 'bold').fontSize(BODY.size).fillColor(BODY.color);
      write(doc, title, left + padding, top + padding, text);
    });
    doc.y += 4;
    for (const line of lines) {
      tag(doc, 'P', () => {
        useFont(doc, 'regular').fontSize(BODY.size).fillColor(BODY.color);
        write(doc, line, left + padding, doc.y, text);
      });
      doc.y += 2;
    }
  });
  doc.x = left;
  doc.y = top + height;
  doc.moveDown(0.8);
}

function block(doc: Doc, content: GuideBlock) {
  switch (content.kind) {
    case 'paragraph':
      return paragraph(doc, content.text, BODY);
    case 'bullets':
      return list(doc, content.items, { ...BODY, markerColor: BRAND });
    case 'steps':
      return list(doc, content.items, { ...BODY, markerColor: BRAND, numbered: true });
    case 'example':
      return example(doc, content.title, content.lines);
  }
}

/** A section: its heading (never alone at the bottom of a page, and a bookmark), then `fill`. */
function section(doc: Doc, heading: string, fill: () => void) {
  group(doc, 'Sect', () => {
    doc.moveDown(0.4);
    ensureSpace(doc, 80);
    doc.outline.addItem(heading);
    paragraph(doc, heading, { weight: 'bold', size: 15, color: BRAND, lineGap: 0, after: 0.4 }, 'H2');
    fill();
  });
}

function content(doc: Doc, guide: Guide) {
  const left = doc.page.margins.left;
  tag(doc, 'P', () => {
    useFont(doc, 'bold').fontSize(11).fillColor(BRAND);
    write(doc, 'Foliowise', left, doc.y, { characterSpacing: 0.5 });
  });
  doc.moveDown(0.6);
  paragraph(
    doc,
    guide.title,
    { weight: 'bold', size: 24, color: PDF_COLOR.text, lineGap: 0, after: 0.4 },
    'H1',
  );
  paragraph(doc, guide.summary, { size: 12, color: PDF_COLOR.muted, lineGap: LINE_GAP, after: 0.8 });
  tag(doc, 'P', () => {
    useFont(doc, 'bold')
      .fontSize(SMALL + 1)
      .fillColor(PDF_COLOR.text);
    write(doc, EDUCATIONAL_LINE, left, doc.y);
    useFont(doc, 'italic')
      .fontSize(SMALL + 0.5)
      .fillColor(PDF_COLOR.muted);
    write(doc, GUIDE_DISCLAIMER, left, doc.y + 2, { width: contentWidth(doc), lineGap: 1.5 });
  });
  doc.moveDown(0.8);
  rule(doc);
  doc.moveDown(0.8);

  for (const { heading, blocks } of guide.sections) {
    section(doc, heading, () => {
      for (const content of blocks) block(doc, content);
    });
  }
  section(doc, 'Key takeaways', () => list(doc, guide.keyTakeaways, { ...BODY, markerColor: BRAND }));

  doc.moveDown(0.6);
  ensureSpace(doc, 60);
  rule(doc);
  doc.moveDown(0.6);
  paragraph(doc, `${EDUCATIONAL_LINE}. ${GUIDE_DISCLAIMER}`, {
    weight: 'italic',
    size: SMALL + 0.5,
    color: PDF_COLOR.muted,
    lineGap: 1.5,
    after: 0,
  });
}

/** Page footer on every page: the product, the guide, the disclaimer line and 'Page n of m'. */
function footer(doc: Doc, guide: Guide, page: { number: number; count: number }) {
  const left = PAGE.margin;
  const width = contentWidth(doc);
  const y = doc.page.height - PAGE.bottom + PAGE.footerGap - SMALL;
  useFont(doc, 'regular').fontSize(SMALL).fillColor(PDF_COLOR.muted);
  write(doc, `Foliowise • ${guide.title} • ${EDUCATIONAL_LINE}`, left, y, {
    width: width - 70,
    lineBreak: false,
  });
  write(doc, `Page ${page.number} of ${page.count}`, left, y, { width, align: 'right', lineBreak: false });
}

/** The guide as PDF bytes. Same text as the /resources page: both read src/domain/guides. */
export function renderGuidePdf(guide: Guide): Promise<Buffer> {
  return renderPdf({
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    info: {
      Title: guide.title,
      Author: 'Foliowise',
      Subject: guide.summary,
      Keywords: `Foliowise, investor education, ${guide.title}`,
      Creator: 'Foliowise',
    },
    fonts: 'standard',
    content: (doc) => content(doc, guide),
    footer: (doc, page) => footer(doc, guide, page),
  });
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
