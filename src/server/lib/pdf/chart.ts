/**
 * Charts drawn as vector shapes and tagged as figures with their alternative text; where a chart has a legend,
 * the legend is a table of the same figures in words.
 */
import { commonScale, linePoints, pieSlices, wedgePath } from '../../../domain/reports/report-layout';
import { PDF_COLOR, contentWidth, ensureSpace } from './blocks';
import { artifact, group, tag } from './structure';
import { fit, useFont, write } from './text';

type Doc = PDFKit.PDFDocument;

/** Chart colours after the document's own (which takes the first slice and the bars). */
const PALETTE = ['#f59e0b', '#10b981', '#8b5cf6', '#ef4444', '#06b6d4', '#84cc16', '#ec4899', '#64748b'];

function chartColor(brand: string, index: number): string {
  return index === 0 ? brand : (PALETTE[(index - 1) % PALETTE.length] as string);
}

/** One entry of a chart: its share of the whole (0-1) and its legend's three cells (name, share, amount). */
export interface ChartEntry {
  weight: number;
  cells: readonly [string, string, string];
}

const LEGEND_ROW_HEIGHT = 16;
export const BAR_ROW_HEIGHT = 17;

/** The height a donut chart of `entries` entries with its legend takes. */
export function donutChartHeight(entries: number): number {
  return Math.max(170, 40 + entries * LEGEND_ROW_HEIGHT);
}

/** One row of a legend as a table row: the name (cut to fit), then the share and the amount aligned right. */
function legendRow(doc: Doc, cells: readonly [string, string, string], x: number, y: number) {
  const widths = [150, 60, 90];
  group(doc, 'TR', () => {
    useFont(doc, 'regular').fontSize(9).fillColor(PDF_COLOR.text);
    let left = x;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      const cellLeft = left;
      tag(doc, 'TD', () =>
        write(doc, i === 0 ? fit(doc, cell, width) : cell, cellLeft, y, {
          width,
          align: i === 0 ? 'left' : 'right',
          lineBreak: false,
        }),
      );
      left += width + 4;
    });
  });
}

/** A donut chart at `top` with its legend beside it; the first slice in `brand`. Moves `doc.y` below both. */
export function donutChart(
  doc: Doc,
  chart: { top: number; entries: readonly ChartEntry[]; brand: string; alt: string },
) {
  const { top, entries, brand } = chart;
  const left = doc.page.margins.left;
  const radius = 70;
  const cx = left + radius + 10;
  const cy = top + radius + 6;
  tag(
    doc,
    'Figure',
    () => {
      for (const slice of pieSlices(entries.map((e) => e.weight))) {
        doc
          .save()
          .path(wedgePath(cx, cy, radius, slice))
          .fill(chartColor(brand, slice.index))
          .restore();
      }
      // A donut: the hole keeps thin slices readable.
      doc
        .save()
        .circle(cx, cy, radius * 0.5)
        .fill('#ffffff')
        .restore();
    },
    { alt: chart.alt },
  );
  const legendX = left + radius * 2 + 40;
  group(doc, 'Table', () => {
    entries.forEach((entry, index) => {
      const y = top + 4 + index * LEGEND_ROW_HEIGHT;
      artifact(doc, () =>
        doc
          .save()
          .rect(legendX, y + 1, 9, 9)
          .fill(chartColor(brand, index))
          .restore(),
      );
      legendRow(doc, entry.cells, legendX + 16, y);
    });
  });
  doc.x = left;
  doc.y = top + donutChartHeight(entries.length);
}

/**
 * Horizontal bars from `doc.y` down, one row each (the largest share the full length), in `brand`. The bars are
 * shapes; the table of names, shares and amounts beside them says the same in text.
 */
export function barChart(doc: Doc, chart: { entries: readonly ChartEntry[]; brand: string }) {
  const left = doc.page.margins.left;
  const labelWidth = 150;
  const barLeft = left + labelWidth + 8;
  const barWidth = contentWidth(doc) - labelWidth - 8 - 130;
  const largest = Math.max(...chart.entries.map((e) => e.weight), 0);
  group(doc, 'Table', () => {
    for (const { weight, cells } of chart.entries) {
      ensureSpace(doc, BAR_ROW_HEIGHT);
      const y = doc.y;
      const width = largest > 0 ? (weight / largest) * barWidth : 0;
      artifact(doc, () => {
        doc
          .save()
          .rect(barLeft, y + 2, barWidth, 10)
          .fill(PDF_COLOR.panel)
          .restore();
        if (width > 0)
          doc
            .save()
            .rect(barLeft, y + 2, width, 10)
            .fill(chart.brand)
            .restore();
      });
      group(doc, 'TR', () => {
        useFont(doc, 'regular').fontSize(9).fillColor(PDF_COLOR.text);
        tag(doc, 'TD', () =>
          write(doc, fit(doc, cells[0], labelWidth), left, y + 2, { width: labelWidth, lineBreak: false }),
        );
        tag(doc, 'TD', () =>
          write(doc, cells[1], barLeft + barWidth + 6, y + 2, {
            width: 50,
            align: 'right',
            lineBreak: false,
          }),
        );
        tag(doc, 'TD', () =>
          write(doc, cells[2], barLeft + barWidth + 58, y + 2, {
            width: 72,
            align: 'right',
            lineBreak: false,
          }),
        );
      });
      doc.y = y + BAR_ROW_HEIGHT;
    }
  });
  doc.x = left;
}

/** One line of a line chart: its values (oldest first), its colour, and a dash pattern (on, off) or none. */
export interface ChartLine {
  values: readonly number[];
  color: string;
  dash?: readonly [number, number];
}

const AXIS_GUTTER = 6;

/**
 * Lines through their values filling `box`, on one scale (the lowest to the highest value of them all), tagged as
 * one figure with `alt`. With `axes`, the scale's highest and lowest values are written left of the box and `first`
 * and `last` under its two ends (inside the figure: its alternative text says the same).
 */
export function lineChart(
  doc: Doc,
  chart: {
    lines: readonly ChartLine[];
    box: { x: number; y: number; width: number; height: number };
    alt: string;
    axes?: { format: (value: number) => string; first: string; last: string };
  },
) {
  const { box, axes } = chart;
  const scale = commonScale(chart.lines.map((line) => line.values));
  tag(
    doc,
    'Figure',
    () => {
      for (const line of chart.lines) {
        const points = linePoints(line.values, box, scale);
        doc.save().lineWidth(1.2).strokeColor(line.color);
        if (line.dash) doc.dash(line.dash[0], { space: line.dash[1] });
        points.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
        doc.stroke().restore();
      }
      if (!axes) return;
      useFont(doc, 'regular').fontSize(7.5).fillColor(PDF_COLOR.muted);
      const gutter = box.x - doc.page.margins.left - AXIS_GUTTER;
      const left = doc.page.margins.left;
      write(doc, fit(doc, axes.format(scale.high), gutter), left, box.y - 3, {
        width: gutter,
        align: 'right',
        lineBreak: false,
      });
      write(doc, fit(doc, axes.format(scale.low), gutter), left, box.y + box.height - 6, {
        width: gutter,
        align: 'right',
        lineBreak: false,
      });
      const under = box.y + box.height + 4;
      write(doc, axes.first, box.x, under, { width: box.width / 2, lineBreak: false });
      write(doc, axes.last, box.x + box.width / 2, under, {
        width: box.width / 2,
        align: 'right',
        lineBreak: false,
      });
    },
    { alt: chart.alt },
  );
}
