import { describe, expect, it } from 'vitest';
import { MISSING_CHARACTER, splitIntoFontRuns, type FontFace } from './font-runs';

/** As the report's fonts are: Latin/Greek/Cyrillic in 'latin', Han, kana and ASCII in 'cjk', Hangul in 'korean'. */
function covers(face: FontFace, codePoint: number): boolean {
  const ascii = codePoint >= 0x20 && codePoint < 0x7f;
  if (face === 'latin')
    return codePoint < 0x0530 || (codePoint >= 0x2000 && codePoint <= 0x20cf) || codePoint === 0xfffd;
  if (face === 'cjk')
    return (
      ascii || (codePoint >= 0x3000 && codePoint <= 0x30ff) || (codePoint >= 0x4e00 && codePoint <= 0x9fff)
    );
  return ascii || (codePoint >= 0xac00 && codePoint <= 0xd7a3);
}

describe('splitIntoFontRuns', () => {
  it('keeps Latin, Greek and Cyrillic in one Latin run', () => {
    expect(splitIntoFontRuns('Dvořák Ørsted Müller Ελληνικά Кириллица', covers)).toEqual([
      { face: 'latin', text: 'Dvořák Ørsted Müller Ελληνικά Кириллица' },
    ]);
  });

  it('gives Han and kana to the CJK font and Hangul to the Korean font, spaces staying with the run before', () => {
    expect(splitIntoFontRuns('Łódź Capital 株式会社', covers)).toEqual([
      { face: 'latin', text: 'Łódź Capital ' },
      { face: 'cjk', text: '株式会社' },
    ]);
    expect(splitIntoFontRuns('トヨタ 한국 Fund', covers)).toEqual([
      { face: 'cjk', text: 'トヨタ ' },
      { face: 'korean', text: '한국 ' },
      { face: 'latin', text: 'Fund' },
    ]);
  });

  it('gives a character its own script face first, then any face that has it', () => {
    // Digits and punctuation between CJK characters are Latin (the report's own figures stay in one font).
    expect(splitIntoFontRuns('東京1号', covers)).toEqual([
      { face: 'cjk', text: '東京' },
      { face: 'latin', text: '1' },
      { face: 'cjk', text: '号' },
    ]);
    // Hangul that the Korean font lacked would be drawn by another face that has it.
    const noKorean = (face: FontFace, codePoint: number) => face !== 'korean' && covers(face, codePoint);
    const withHangulInCjk = (face: FontFace, codePoint: number) =>
      noKorean(face, codePoint) || (face === 'cjk' && codePoint >= 0xac00 && codePoint <= 0xd7a3);
    expect(splitIntoFontRuns('한국', withHangulInCjk)).toEqual([{ face: 'cjk', text: '한국' }]);
  });

  it('marks a character no font has, drops control characters and spells a few symbols plainly', () => {
    expect(splitIntoFontRuns('Fund \u{1F600} عربي', covers)).toEqual([
      { face: 'latin', text: `Fund ${MISSING_CHARACTER} ${MISSING_CHARACTER.repeat(4)}` },
    ]);
    expect(splitIntoFontRuns('a\u0000b\u0085c\nd\te', covers)).toEqual([
      { face: 'latin', text: 'abc\nd\te' },
    ]);
    expect(splitIntoFontRuns('≈ 4 → 5', () => true)).toEqual([{ face: 'latin', text: '~ 4 -> 5' }]);
    expect(splitIntoFontRuns('', covers)).toEqual([]);
  });
});
