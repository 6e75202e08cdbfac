/**
 * "AI is grounded" (DESIGN.md): every number a language model writes must be one of the facts it was given.
 *
 * A number in the text is grounded when some fact, or that fact × 100 (a 0-1 fraction shown as a percentage),
 * rounds to it at the precision the text shows: '12.3 %' is grounded by a weight of 0.12345, '$52,346' by a
 * value of 52345.67. Signs are ignored (the words say up or down). Numbers inside the facts' own strings
 * (dates, the domain's reasons and messages) count as facts. Dates and symbols that appear in the facts are
 * taken out of the text before its numbers are read, so '2025-11-20' or a ticker with digits is not a number.
 */

export interface NumberToken {
  /** As written, e.g. '$52,345.67' is read as '52,345.67'. */
  readonly text: string;
  /** Absolute value. */
  readonly value: number;
  /** Decimals shown. */
  readonly decimals: number;
}

const NUMBER_PATTERN = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
const DATE_PATTERN = /\b\d{4}-\d{2}-\d{2}\b/g;

/** The numbers written in a text, in order. */
export function extractNumbers(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  for (const match of text.matchAll(NUMBER_PATTERN)) {
    const written = match[0];
    const plain = written.replace(/,/g, '');
    const dot = plain.indexOf('.');
    tokens.push({ text: written, value: Number(plain), decimals: dot < 0 ? 0 : plain.length - dot - 1 });
  }
  return tokens;
}

interface FactScan {
  numbers: number[];
  /** Strings of the facts that must not be read as numbers in a text: dates, symbols with digits. */
  literals: Set<string>;
}

function scanFacts(value: unknown, scan: FactScan, depth = 0): void {
  if (depth > 20) return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) scan.numbers.push(value);
  } else if (typeof value === 'string') {
    for (const date of value.match(DATE_PATTERN) ?? []) scan.literals.add(date);
    // A symbol with digits (CRYPTO:1INCH): a name, not a number.
    if (/\d/.test(value) && /[A-Z]/.test(value) && /^[A-Z0-9.^:-]{1,64}$/.test(value)) {
      scan.literals.add(value);
    }
    for (const token of extractNumbers(value)) scan.numbers.push(token.value);
  } else if (Array.isArray(value)) {
    for (const item of value) scanFacts(item, scan, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) scanFacts(item, scan, depth + 1);
  }
}

export interface GroundingIndex {
  /** The numbers of `text` that no fact grounds (as written), in order. */
  ungrounded(text: string): string[];
}

/** An index over every number of `facts` (any JSON-like value), to check texts against. */
export function createGroundingIndex(facts: unknown): GroundingIndex {
  const scan: FactScan = { numbers: [], literals: new Set() };
  scanFacts(facts, scan);
  const candidates = Float64Array.from(scan.numbers.flatMap((n) => [Math.abs(n), Math.abs(n * 100)])).sort();
  // Longest first; a literal counts only as a whole word (not inside a longer run of letters and digits).
  const literals = [...scan.literals]
    .sort((a, b) => b.length - a.length)
    .map((literal) => new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(literal)}(?![A-Za-z0-9])`, 'g'));

  /** Whether some candidate c satisfies |c − value| ≤ half a unit of the last shown decimal. */
  function isGrounded(token: NumberToken): boolean {
    const tolerance = 0.5 * 10 ** -token.decimals + 1e-9 * Math.max(1, token.value);
    const low = token.value - tolerance;
    // First candidate ≥ low (binary search), then check it is within the upper bound.
    let lo = 0;
    let hi = candidates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((candidates[mid] as number) < low) lo = mid + 1;
      else hi = mid;
    }
    return lo < candidates.length && (candidates[lo] as number) <= token.value + tolerance;
  }

  return {
    ungrounded(text) {
      let stripped = text;
      for (const literal of literals) stripped = stripped.replace(literal, ' ');
      return extractNumbers(stripped)
        .filter((token) => !isGrounded(token))
        .map((token) => token.text);
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
