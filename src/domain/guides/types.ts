/** A guide's source text: the /resources page and the downloadable PDF are both generated from it. */

export type GuideBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'bullets'; readonly items: readonly string[] }
  /** Numbered steps, read in order. */
  | { readonly kind: 'steps'; readonly items: readonly string[] }
  /** A worked example: a title and lines of arithmetic or facts, set apart from the prose. */
  | { readonly kind: 'example'; readonly title: string; readonly lines: readonly string[] };

export interface GuideSection {
  readonly heading: string;
  readonly blocks: readonly GuideBlock[];
}

export interface Guide {
  /** URL name: /api/resources/guides/{slug}.pdf */
  readonly slug: string;
  readonly title: string;
  /** One or two sentences for the card on /resources and the PDF's subject. */
  readonly summary: string;
  readonly sections: readonly GuideSection[];
  /** Short points repeated at the end. */
  readonly keyTakeaways: readonly string[];
}

/** The line every educational surface of the product carries (spec 000 §1). */
export const EDUCATIONAL_LINE = 'Educational tool • Not financial advice';

/** Printed under every guide's title and at its end. */
export const GUIDE_DISCLAIMER =
  'This guide explains general ideas for education only. It is not investment, tax or legal advice and does ' +
  'not consider your circumstances. Examples are illustrations, not forecasts or recommendations. Investing ' +
  'involves risk, including the loss of the money you invest. Tax rules differ by country and change over ' +
  'time; the tax notes here describe United States federal rules in general terms. Consider speaking with a ' +
  'qualified professional before acting.';
