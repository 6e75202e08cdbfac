import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfToText, qpdfCheck } from '../../testing/pdf-tools';
import { PDF_COLOR, list, paragraph } from './blocks';
import { renderPdf } from './document';
import { write, type FontSet } from './text';

const BODY = { size: 10, color: PDF_COLOR.text, lineGap: 2, after: 0.5 };

/** Enough paragraphs for three pages, a list, and 'Page n of m' in every footer. */
function render(fonts: FontSet, author: string) {
  return renderPdf({
    margins: { top: 54, left: 54, right: 54, bottom: 78 },
    info: { Title: 'A test document', Author: author },
    fonts,
    content: (doc) => {
      for (let i = 1; i <= 100; i++) paragraph(doc, `Paragraph ${i} of the test document.`, BODY);
      list(doc, ['First item', 'Second item'], { ...BODY, markerColor: '#1e4d8c', numbered: true });
    },
    footer: (doc, page) =>
      write(doc, `Page ${page.number} of ${page.count}`, 54, 744, { width: 504, lineBreak: false }),
  });
}

const fontsOf = (bytes: Buffer) =>
  new Set([...bytes.toString('latin1').matchAll(/\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]));

describe('renderPdf', () => {
  it.each(['standard', 'embedded'] as const)(
    'writes a sound, tagged PDF with its footers on every page (%s fonts)',
    async (fonts) => {
      const bytes = await render(fonts, 'Foliowise');
      const check = await qpdfCheck(bytes);
      expect(check.code, check.output).toBe(0);
      const info = await pdfInfo(bytes);
      expect(info.stderr).toBe('');
      expect(info.fields).toMatchObject({ Tagged: 'yes', Title: 'A test document', Author: 'Foliowise' });
      const pageCount = Number(info.fields.Pages);
      expect(pageCount).toBeGreaterThanOrEqual(3);

      const { text, warnings } = await pdfToText(bytes);
      // Every marked-content sequence (tags, artifacts) is closed where it was opened.
      expect(warnings).toBe('');
      const pages = text.split('\f').slice(0, pageCount);
      pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pageCount}`));
      expect(text).toContain('Paragraph 100 of the test document.');
      expect(text.replace(/\s+/g, ' ')).toContain('1. First item 2. Second item');
    },
  );

  it('draws the standard fonts without embedding any, and the embedded ones as subsets', async () => {
    const standard = await render('standard', 'Foliowise');
    expect(fontsOf(standard)).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
    expect(standard.toString('latin1')).not.toContain('/FontFile');

    const embedded = [...fontsOf(await render('embedded', 'Foliowise'))];
    expect(embedded.length).toBeGreaterThan(0);
    for (const font of embedded) expect(font).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/);
  });

  it('escapes the document info in the XMP metadata and keeps it as it is in the info dictionary', async () => {
    const bytes = await render('standard', 'Smith & <Sons>');
    const source = bytes.toString('utf8');
    const packet = source.slice(source.indexOf('<?xpacket begin'), source.indexOf('<?xpacket end'));
    expect(packet).toContain('Smith &amp; &lt;Sons&gt;');
    expect(packet).not.toContain('Smith & <Sons>');
    expect((await pdfInfo(bytes)).fields.Author).toBe('Smith & <Sons>');
  });
});
