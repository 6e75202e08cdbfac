/**
 * A PDF as the app writes them (the portfolio report, the guides): US Letter, PDF 1.7, uncompressed streams (the
 * files stay readable by tests without an inflater), tagged for screen readers in English with the title shown
 * as the window title, bookmarks added by the content, and a footer drawn on every page once every page exists
 * (so it can say 'Page n of m').
 */
import PDFDocument from 'pdfkit';
import { toXmlText } from '../../../domain/reports/report-layout';
import { artifact, openStructure } from './structure';
import { setUpText, type FontSet } from './text';

type Doc = PDFKit.PDFDocument;

export interface PdfOptions {
  margins: { top: number; left: number; right: number; bottom: number };
  info: PDFKit.DocumentInfo;
  fonts: FontSet;
  /** Draws and tags everything but the footers, inside the document's root element. */
  content: (doc: Doc) => void;
  /** Draws one page's footer (an artifact, below the bottom margin); `number` counts from 1. */
  footer: (doc: Doc, page: { number: number; count: number }) => void;
}

/**
 * pdfkit copies the document info (title, author, subject...) into the XMP metadata packet as it is, without
 * escaping, so a firm called `Smith & <Sons>` made the packet malformed XML (issue 24 item 9). Its `_addInfo`
 * writes that packet at `doc.end()`, after the info dictionary (a PDF string, escaped by pdfkit) is written: for
 * that one call the info's text values are XML-escaped, then restored. The report's routes.test.ts parses the
 * packet as XML.
 */
function escapeInfoInXmp(doc: Doc) {
  const internal = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = internal._addInfo.bind(doc);
  internal._addInfo = () => {
    const info = internal.info;
    internal.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [key, typeof value === 'string' ? toXmlText(value) : value]),
    );
    try {
      addInfo();
    } finally {
      internal.info = info;
    }
  };
}

/** Every page's footer, drawn once the content is laid out. */
function drawFooters(doc: Doc, footer: PdfOptions['footer']) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    artifact(doc, () => footer(doc, { number: index - range.start + 1, count: range.count }), 'Pagination');
    doc.page.margins.bottom = bottomMargin;
  }
}

/** The PDF as bytes. */
export function renderPdf(options: PdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: options.margins,
    compress: false,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    info: options.info,
  });
  escapeInfoInXmp(doc);
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  setUpText(doc, options.fonts);
  const root = openStructure(doc);
  options.content(doc);
  root.end();
  drawFooters(doc, options.footer);
  doc.end();
  return finished;
}
