import { describe, expect, it } from 'vitest';
import { transliterate } from './transliterate';

describe('transliterate', () => {
  it('spells Latin letters without their accents, keeping letters that have no decomposition', () => {
    expect(transliterate('Ørsted & Müller')).toBe('Orsted & Muller');
    expect(transliterate('Łódź Dvořák')).toBe('Lodz Dvorak');
    expect(transliterate('Đặng Ærø Ħal ı')).toBe('Dang AEro Hal i');
    // Decomposed input gives the same result.
    expect(transliterate('Mu\u0308ller')).toBe('Muller');
    expect(transliterate('q\u0303uilt')).toBe('quilt');
  });

  it('spells Greek (ELOT 743) and Cyrillic (ICAO) in Latin letters, capitals kept', () => {
    expect(transliterate('Ελληνικά')).toBe('Ellinika');
    expect(transliterate('Ουρανός Ψυχή')).toBe('Ouranos Psychi');
    expect(transliterate('Кириллица')).toBe('Kirillitsa');
    expect(transliterate('Щукин Жуков Объём Київ')).toBe('Shchukin Zhukov Obieem Kiiv');
  });

  it('leaves other scripts as they are', () => {
    expect(transliterate('株式会社 한국 عربي')).toBe('株式会社 한국 عربي');
  });
});
