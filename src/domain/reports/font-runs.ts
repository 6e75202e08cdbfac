/**
 * Which embedded font draws which part of a text in the portfolio report (issue 25 item 20). pdfkit has no font
 * fallback: a string is drawn in one font, and a character that font lacks is lost. So a string is cut into runs,
 * each drawn in one of three faces: 'latin' (Noto Sans: Latin, Greek, Cyrillic and the app's symbols), 'cjk'
 * (Noto Sans SC: Han ideographs, kana, CJK punctuation) and 'korean' (Noto Sans KR: Hangul).
 *
 * Kept apart from pdfkit so that it can be checked with plain strings; which face has which character is asked of
 * `covers`, which the report answers from the font files themselves.
 */

export type FontFace = 'latin' | 'cjk' | 'korean';

export interface FontRun {
  readonly face: FontFace;
  readonly text: string;
}

/** Drawn for a character that no embedded font has (U+FFFD, in the Latin font): visible, never silently lost. */
export const MISSING_CHARACTER = '\ufffd';

/** Characters the Latin font lacks that read the same in plain characters (a minus sign, an arrow). */
const PLAIN_EQUIVALENTS: Readonly<Record<string, string>> = {
  '≈': '~',
  '→': '->',
  '←': '<-',
  '\u2009': ' ',
  '\u202f': ' ',
};

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7af\ud7b0-\ud7ff]/u;
const CJK =
  /[\u2e80-\u2fdf\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u31a0-\u31ff\u3200-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u{20000}-\u{2fa1f}]/u;

/** The faces to try for a character, best first: its script's own face, then the others. */
function facesFor(char: string): readonly FontFace[] {
  if (HANGUL.test(char)) return ['korean', 'cjk', 'latin'];
  if (CJK.test(char)) return ['cjk', 'korean', 'latin'];
  return ['latin', 'cjk', 'korean'];
}

/**
 * `text` as runs of one face each, in order; joined, the runs' texts give `text` back, except that control
 * characters (other than line feed and tab) are left out, a few symbols become their plain equivalents, and a
 * character no face has becomes U+FFFD. Spaces stay in the run they follow (so 'Łódź Capital 株式会社' is two runs,
 * not three); adjacent runs never share a face.
 */
export function splitIntoFontRuns(
  text: string,
  covers: (face: FontFace, codePoint: number) => boolean,
): FontRun[] {
  const runs: { face: FontFace; text: string }[] = [];
  const append = (face: FontFace, value: string) => {
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += value;
    else runs.push({ face, text: value });
  };
  for (const original of text) {
    const code = original.codePointAt(0) ?? 0;
    if ((code < 0x20 && original !== '\n' && original !== '\t') || (code >= 0x7f && code < 0xa0)) continue;
    const char = PLAIN_EQUIVALENTS[original] ?? original;
    const current = runs[runs.length - 1];
    if (/^\s+$/.test(char) && current && covers(current.face, char.codePointAt(0) ?? 0)) {
      current.text += char;
      continue;
    }
    // A plain equivalent is ASCII, which the Latin font has.
    const face = char !== original ? 'latin' : facesFor(char).find((f) => covers(f, code));
    if (face === undefined) append('latin', MISSING_CHARACTER);
    else append(face, char);
  }
  return runs;
}
