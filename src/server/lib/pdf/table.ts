/**
 * Tables of one-line rows, tagged as tables (Table, TR, TH, TD) so a screen reader reads them cell by cell.
 */
import { packIntoPages } from '../../../domain/reports/report-layout';
import { PDF_COLOR, contentBottom, contentWidth } from './blocks';
import { artifact, group, tag } from './structure';
import { fit, useFont, write } from './text';

type Doc = PDFKit.PDFDocument;

export interface TableColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

export const TABLE_ROW_HEIGHT = 16;

function tableRow(
  doc: Doc,
  columns: readonly TableColumn[],
  cells: readonly string[],
  y: number,
  options: { header?: boolean; shade?: boolean; untagged?: boolean },
) {
  const left = doc.page.margins.left;
  if (options.shade)
    artifact(doc, () =>
      doc.save().rect(left, y, contentWidth(doc), TABLE_ROW_HEIGHT).fill(PDF_COLOR.panel).restore(),
    );
  let x = left + 4;
  useFont(doc, options.header ? 'bold' : 'regular')
    .fontSize(8)
    .fillColor(options.header ? PDF_COLOR.muted : PDF_COLOR.text);
  columns.forEach((column, i) => {
    const width = column.width - 6;
    const cellLeft = x;
    const draw = () =>
      write(doc, fit(doc, cells[i] ?? '', width), cellLeft, y + 4.5, {
        width,
        align: column.align,
        lineBreak: false,
      });
    // Inside an artifact (a repeated header) the cells are not tagged: marked content does not nest here.
    if (options.untagged) draw();
    else tag(doc, options.header ? 'TH' : 'TD', draw);
    x += column.width;
  });
}

/**
 * A table across as many pages as its rows need: the column titles on top of each page (read once; their repeats
 * are page furniture), a rule in `ruleColor` under them, every other row shaded. `spaceBelow` is kept free under
 * the rows on the first page. Leaves `doc.y` under the last row.
 */
export function pagedTable(
  doc: Doc,
  table: {
    columns: readonly TableColumn[];
    rows: readonly (readonly string[])[];
    ruleColor: string;
    spaceBelow?: number;
  },
) {
  const left = doc.page.margins.left;
  const header = table.columns.map((c) => c.title);
  const pages = packIntoPages(
    table.rows.map(() => TABLE_ROW_HEIGHT),
    contentBottom(doc) - doc.y - TABLE_ROW_HEIGHT - (table.spaceBelow ?? 0),
    contentBottom(doc) - doc.page.margins.top - TABLE_ROW_HEIGHT,
  );
  let headerTagged = false;
  group(doc, 'Table', () => {
    pages.forEach((indexes, pageIndex) => {
      if (pageIndex > 0) doc.addPage();
      if (indexes.length === 0) return;
      let y = doc.y;
      const headerTop = y;
      if (headerTagged)
        artifact(
          doc,
          () => tableRow(doc, table.columns, header, headerTop, { header: true, untagged: true }),
          'Pagination',
        );
      else group(doc, 'TR', () => tableRow(doc, table.columns, header, headerTop, { header: true }));
      headerTagged = true;
      y += TABLE_ROW_HEIGHT;
      artifact(doc, () =>
        doc
          .save()
          .moveTo(left, y)
          .lineTo(left + contentWidth(doc), y)
          .lineWidth(0.8)
          .strokeColor(table.ruleColor)
          .stroke()
          .restore(),
      );
      for (const index of indexes) {
        const rowTop = y;
        group(doc, 'TR', () =>
          tableRow(doc, table.columns, table.rows[index] ?? [], rowTop, { shade: index % 2 === 1 }),
        );
        y += TABLE_ROW_HEIGHT;
      }
      doc.y = y + 4;
    });
  });
  doc.x = left;
}

/** Label/value rows (a TH and a TD each) in small type: `rowHeight` apart from `top`, the values at `x + 56`. */
export function factTable(
  doc: Doc,
  facts: readonly (readonly [string, string])[],
  place: { x: number; top: number; rowHeight: number; valueWidth: number },
) {
  group(doc, 'Table', () => {
    facts.forEach(([label, value], i) => {
      const y = place.top + i * place.rowHeight;
      group(doc, 'TR', () => {
        tag(doc, 'TH', () => {
          useFont(doc, 'regular').fontSize(8.5).fillColor(PDF_COLOR.muted);
          write(doc, label, place.x, y, { width: 54, lineBreak: false });
        });
        tag(doc, 'TD', () => {
          doc.fillColor(PDF_COLOR.text);
          write(doc, fit(doc, value, place.valueWidth), place.x + 56, y, {
            width: place.valueWidth,
            lineBreak: false,
          });
        });
      });
    });
  });
}
