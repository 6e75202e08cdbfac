/**
 * Latin letters for names written in the Latin, Greek and Cyrillic scripts, for file names (issue 25 item 20):
 * every letter is kept. Accents go ('é' -> 'e'); letters with no decomposition get their usual plain spelling
 * ('Ø' -> 'O', 'Ł' -> 'L', 'ß' -> 'ss'); Greek follows ELOT 743 and Cyrillic the ICAO passport table (the
 * simple, one-way forms). Other scripts (Han, kana, Hangul, Arabic...) have no such one-to-one spelling and are
 * left as they are: `transliterate` does not touch them.
 */

const LATIN: Readonly<Record<string, string>> = {
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ł: 'L',
  ł: 'l',
  Ŋ: 'NG',
  ŋ: 'ng',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  ẞ: 'SS',
  Þ: 'TH',
  þ: 'th',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  ƒ: 'f',
  Ə: 'E',
  ə: 'e',
};

const GREEK: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ђ: 'dj',
  е: 'e',
  ё: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  ѕ: 'dz',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  ј: 'j',
  к: 'k',
  л: 'l',
  љ: 'lj',
  м: 'm',
  н: 'n',
  њ: 'nj',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ћ: 'c',
  у: 'u',
  ў: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  џ: 'dz',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};

/** Letters of the Latin, Greek and Cyrillic blocks (with their extensions). */
const TRANSLITERATED = /[\u00c0-\u024f\u0370-\u03ff\u0400-\u052f\u1e00-\u1eff\u1f00-\u1fff]/u;

function transliterateChar(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  // A combining accent left after NFC (on a letter with no precomposed form) goes with the other accents.
  if (code >= 0x300 && code <= 0x36f) return '';
  if (!TRANSLITERATED.test(char)) return char;
  if (LATIN[char] !== undefined) return LATIN[char];
  // 'é' -> 'e' + U+0301, 'ά' -> 'α' + U+0301, 'й' -> 'и' + U+0306: the base letter, without its marks.
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const lower = base.toLowerCase();
  const mapped = GREEK[lower] ?? CYRILLIC[lower];
  if (mapped === undefined) return base;
  // 'Ж' -> 'Zh': a capital stays a capital.
  return base !== lower && mapped.length > 0 ? mapped.charAt(0).toUpperCase() + mapped.slice(1) : mapped;
}

/**
 * 'Ørsted & Müller' -> 'Orsted & Muller', 'Łódź' -> 'Lodz', 'Ελληνικά' -> 'Ellinika', 'Кириллица' ->
 * 'Kirillitsa'; '株式会社' stays '株式会社'.
 */
export function transliterate(text: string): string {
  let out = '';
  // ELOT 743 writes the digraph 'ου' as 'ou' (not 'oy').
  const digraphs = text.normalize('NFC').replace(/ΟΥ/g, 'OU').replace(/Ου/g, 'Ou').replace(/ου/g, 'ou');
  for (const char of digraphs) out += transliterateChar(char);
  return out;
}
