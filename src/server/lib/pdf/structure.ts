/**
 * The tagged structure of a PDF, for screen readers: what is drawn is tagged as the element it is (a heading,
 * a paragraph, a list item, a table cell, a figure with its alternative text), inside the elements that hold it
 * (a list, a table, a section), and shapes without text of their own are marked as artifacts. One stack per
 * document says which element what is drawn now belongs to, so a block needs no parent passed around.
 */
type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;
type StructOptions = PDFKit.Mixins.StructureElementOptions;

/** The structure element that what is drawn now belongs to, innermost last (one stack per document). */
const structureStacks = new WeakMap<Doc, Struct[]>();

function currentParent(doc: Doc): Struct {
  const parent = structureStacks.get(doc)?.at(-1);
  if (!parent) throw new Error('The PDF has no structure root');
  return parent;
}

/** Opens the document's root element (`Document`), which everything tagged afterwards goes into. */
export function openStructure(doc: Doc): Struct {
  const root = doc.struct('Document');
  doc.addStructure(root);
  structureStacks.set(doc, [root]);
  return root;
}

/** Content drawn by `draw`, tagged as a structure element of `type` (a paragraph, a heading, a cell...). */
export function tag(doc: Doc, type: string, draw: () => void, options: StructOptions = {}) {
  currentParent(doc).add(doc.struct(type, options, draw));
}

/** A structure element (a list, a table, a row, a section) holding what `fill` tags. */
export function group(doc: Doc, type: string, fill: () => void, options: StructOptions = {}) {
  const element = doc.struct(type, options);
  currentParent(doc).add(element);
  const stack = structureStacks.get(doc) ?? [];
  stack.push(element);
  try {
    fill();
  } finally {
    stack.pop();
    element.end();
  }
}

/** Shapes that carry no text of their own (backgrounds, rules, bars, footers): skipped by screen readers. */
export function artifact(doc: Doc, draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}
