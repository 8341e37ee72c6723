/**
 * Which encoding a text file that is not UTF-8 was written in, from the evidence of its bytes.
 * Office software on Windows saves "CSV" in the system's code page — Windows-1252 in Western
 * Europe and the Americas, 1250 in Central Europe, 1251 for Cyrillic, 1254 in Turkey — and one
 * `€` or `’` (0x80 and 0x92, which ISO-8859-1 does not have) is enough for a file to be neither
 * UTF-8 nor Latin-1 (issue 28: a French Excel export was refused as "not latin-1 encoded").
 *
 * Each candidate decodes the file's head; the one whose non-ASCII characters read as the letters
 * of its own languages — inside words of one script, in a plausible case, never a control
 * character or a symbol in the middle of a word — wins, Windows-1252 first on a tie. A file
 * written in Polish decoded as Windows-1252 shows `Zaż` as `Za¿` and `ł` as `³`; Russian in
 * Windows-1252 is words made only of accented letters; Windows-1251 read as KOI8-R is in the
 * wrong case. Pure: the decoding is the platform's TextDecoder (WHATWG Encoding).
 */
import type { TextEncodingName } from '../data/encodings.ts';

/** The single-byte encodings tried, in the order a tie is settled. */
const SINGLE_BYTE = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1254',
  'windows-1257',
  'windows-1253',
  'iso-8859-2',
  'iso-8859-15',
  'koi8-r',
] as const satisfies readonly TextEncodingName[];

export type SingleByteEncoding = (typeof SINGLE_BYTE)[number];

/**
 * The letters of the languages each encoding is used for, lower case: `core` ones count for it,
 * `rare` ones (which it has, but its languages seldom use) count for nothing, and any other
 * letter counts against it — Turkish `ş ğ ı` in Windows-1252 are Icelandic `þ ð ý`.
 */
const WESTERN = {
  core: 'àâäæçéèêëîïôöœùûüÿñáíóúåøãßìò',
  rare: 'õšžÿ',
};
const CENTRAL = {
  core: 'ąćęłńóśźżčďěňřšťůžýáéíúőűöüäôľĺŕ',
  rare: 'ăâîşţđçë',
};
const TURKISH = { core: 'çğıi̇öşüâîû', rare: 'éèêëàô' };
const BALTIC = { core: 'ąčęėįšųūžāēģīķļņõäöü', rare: 'åæøéóś' };
const CYRILLIC = { core: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґўјљњћџѕ', rare: 'ђ' };
const GREEK = { core: 'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώϊϋΐΰς', rare: '' };

/**
 * The accented letters of each language an encoding serves: a word whose letters belong to no
 * one language together is read wrong (Czech `Jiří` in Windows-1252 is `Jiøí`: Danish ø beside
 * Spanish í). Cyrillic and Greek need no such test.
 */
const WESTERN_LANGUAGES = [
  'àâæçéèêëîïôœùûüÿ', // French
  'äöüß', // German
  'áéíóúñü', // Spanish
  'ãõáéíóúâêôçà', // Portuguese
  'àèéìíòóù', // Italian
  'æøåé', // Danish, Norwegian
  'åäöé', // Swedish, Finnish
  'ëïéèáóöü', // Dutch
  'àèéíïòóúç', // Catalan
];
const CENTRAL_LANGUAGES = [
  'ąćęłńóśźż', // Polish
  'áčďéěíňóřšťúůýž', // Czech
  'áäčďéíĺľňóôŕšťúýž', // Slovak
  'áéíóöőúüű', // Hungarian
  'čćđšž', // Croatian, Slovenian, Bosnian
  'ăâîşţ', // Romanian
  'äöüß', // German
];
const LANGUAGES: Partial<Record<SingleByteEncoding, string[]>> = {
  'windows-1252': WESTERN_LANGUAGES,
  'iso-8859-15': WESTERN_LANGUAGES,
  'windows-1250': CENTRAL_LANGUAGES,
  'iso-8859-2': CENTRAL_LANGUAGES,
  'windows-1254': ['çğıi̇öşüâîû'],
  'windows-1257': ['ąčęėįšųūž', 'āčēģīķļņšūž', 'äöõüšž'],
};

/** Words whose accented letters no single language of `encoding` has together. */
function mixedWords(text: string, encoding: SingleByteEncoding): number {
  const languages = LANGUAGES[encoding];
  if (!languages) return 0;
  let n = 0;
  for (const [word] of text.matchAll(/\p{L}*[^\p{ASCII}]\p{L}*/gu)) {
    const accents = [...word.toLowerCase()].filter(
      (c) => c.charCodeAt(0) >= 0x80 && LETTER.test(c),
    );
    if (new Set(accents).size < 2) continue;
    if (!languages.some((l) => accents.every((c) => l.includes(c)))) n++;
  }
  return n;
}

const LETTERS: Record<SingleByteEncoding, { core: string; rare: string }> = {
  'windows-1252': WESTERN,
  'iso-8859-15': WESTERN,
  'windows-1250': CENTRAL,
  'iso-8859-2': CENTRAL,
  'windows-1254': TURKISH,
  'windows-1257': BALTIC,
  'windows-1251': CYRILLIC,
  'koi8-r': CYRILLIC,
  'windows-1253': GREEK,
};

/**
 * Windows-1252's 0x80–0x9F as the WHATWG Encoding Standard maps them (index-windows-1252);
 * Node 20's TextDecoder gives the C1 controls U+0080–U+009F there instead (measured on 20.20),
 * and the tests run on Node. 0x81, 0x8D, 0x8F, 0x90 and 0x9D are undefined, kept as controls.
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const tables = new Map<string, string[]>();

/** The character of each of the 256 bytes in a single-byte encoding. */
export function singleByteTable(encoding: SingleByteEncoding): readonly string[] {
  let table = tables.get(encoding);
  if (!table) {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    table = [...new TextDecoder(encoding).decode(all)];
    if (encoding === 'windows-1252') table.splice(0x80, 32, ...WINDOWS_1252_C1);
    tables.set(encoding, table);
  }
  return table;
}

export function decodeSingleByte(bytes: Uint8Array, encoding: SingleByteEncoding): string {
  const table = singleByteTable(encoding);
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += Array.from(bytes.subarray(i, i + 8192), (b) => table[b]).join('');
  return out;
}

const LETTER = /\p{L}/u;
const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
const DIGIT = /[0-9]/;
const CYRILLIC_OR_GREEK = /[\u0370-\u03ff\u0400-\u04ff]/u;
/** Marks that stand inside words of Western text: apostrophes, a Catalan middle dot, hyphens. */
const IN_WORD_MARKS = new Set(['’', '‘', '·', '‐', '‑']);

/** What the guess needs to know of each byte's character in an encoding (a bit each). */
const IS_LETTER = 1;
const IS_UPPER = 2;
const IS_LOWER = 4;
const IS_DIGIT = 8;
const IS_CYRILLIC_OR_GREEK = 16;
const IS_UNDEFINED = 32;
const IS_IN_WORD_MARK = 64;
const IS_CORE = 128;
const IS_RARE = 256;

const classes = new Map<SingleByteEncoding, Uint16Array>();

/**
 * The classes of each byte's character in `encoding`: the guess scores bytes through this table
 * rather than testing each character of the decoded text against Unicode classes, which took
 * half a second of a 100 MB file's load in Chromium (BENCHMARKS.md, Encodings).
 */
function byteClasses(encoding: SingleByteEncoding): Uint16Array {
  let table = classes.get(encoding);
  if (table) return table;
  const { core, rare } = LETTERS[encoding];
  table = Uint16Array.from(singleByteTable(encoding), (c) => {
    const code = c.codePointAt(0)!;
    const lower = c.toLowerCase();
    return (
      (LETTER.test(c) ? IS_LETTER : 0) |
      (UPPER.test(c) ? IS_UPPER : 0) |
      (LOWER.test(c) ? IS_LOWER : 0) |
      (DIGIT.test(c) ? IS_DIGIT : 0) |
      (CYRILLIC_OR_GREEK.test(c) ? IS_CYRILLIC_OR_GREEK : 0) |
      ((code >= 0x80 && code <= 0x9f) || c === '\ufffd' ? IS_UNDEFINED : 0) |
      (IN_WORD_MARKS.has(c) ? IS_IN_WORD_MARK : 0) |
      (core.includes(lower) ? IS_CORE : 0) |
      (rare.includes(lower) ? IS_RARE : 0)
    );
  });
  classes.set(encoding, table);
  return table;
}

/** How well `bytes`, read as `encoding`, read: their letters minus what is implausible. */
function plausibility(bytes: Uint8Array, encoding: SingleByteEncoding): number {
  const of = byteClasses(encoding);
  // A space stands before the first byte and after the last, as in the text around them.
  const at = (i: number) => (i < 0 || i >= bytes.length ? 0 : of[bytes[i]!]!);
  let score = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! < 0x80) continue;
    const c = of[bytes[i]!]!;
    // A C1 control or a byte the encoding does not define: no text has them.
    if (c & IS_UNDEFINED) {
      score -= 3;
      continue;
    }
    const before = at(i - 1);
    const after = at(i + 1);
    if (!(c & IS_LETTER)) {
      if (before & after & IS_LETTER && !(c & IS_IN_WORD_MARK)) score -= 2;
      continue;
    }
    // A letter glued to a number is a currency or unit sign read wrong (`Ђ3` for `€3`).
    if ((before | after) & IS_DIGIT) {
      score -= 1;
      continue;
    }
    if (c & IS_CORE) score += 1;
    else if (!(c & IS_RARE)) score -= 1;
    // A lower-case letter then an upper-case one, inside a word.
    if ((before & IS_LOWER && c & IS_UPPER) || (c & IS_LOWER && after & IS_UPPER)) score -= 1;
    // Latin and Cyrillic or Greek letters side by side in one word.
    if (before & IS_LETTER && (c & IS_CYRILLIC_OR_GREEK) !== (before & IS_CYRILLIC_OR_GREEK))
      score -= 2;
  }
  const text = decodeSingleByte(bytes, encoding);
  return score - 2 * accentOnlyWords(text, encoding) - 2 * mixedWords(text, encoding);
}

/**
 * Latin words of four or more letters with no ASCII letter at all: Cyrillic or Greek read in a
 * Latin code page (`Èâàíîâ`). Western and Central European words always have some.
 */
function accentOnlyWords(text: string, encoding: SingleByteEncoding): number {
  if (encoding === 'windows-1251' || encoding === 'koi8-r' || encoding === 'windows-1253') return 0;
  let n = 0;
  for (const [word] of text.matchAll(/\p{L}{4,}/gu))
    if (!/[A-Za-z]/.test(word) && !CYRILLIC_OR_GREEK.test(word)) n += word.length;
  return n;
}

/**
 * The most text the guess reads: the lines holding bytes past ASCII, up to this many bytes. Every
 * file of the corpus is guessed the same from 16 KB as from the 64 KB read before, in a quarter of
 * the time (tests/unit/text-encoding.test.ts, the engine suite's export cases).
 */
const SAMPLE_BYTES = 16 * 1024;

/** The lines of `head` that hold a byte past ASCII, joined, up to SAMPLE_BYTES. */
function nonAsciiLines(head: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let i = 0; i < head.length && total < SAMPLE_BYTES; i++) {
    if (head[i]! < 0x80) continue;
    const start = head.lastIndexOf(0x0a, i) + 1;
    let end = head.indexOf(0x0a, i);
    if (end === -1) end = head.length;
    const line = head.subarray(start, end + 1);
    parts.push(line);
    total += line.length;
    i = end;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The single-byte encoding `head` (not valid UTF-8) reads best in; Windows-1252 on a tie. */
export function guessSingleByte(head: Uint8Array): SingleByteEncoding {
  const sample = nonAsciiLines(head);
  const scored = SINGLE_BYTE.map((encoding, order) => ({
    encoding,
    order,
    score: plausibility(sample, encoding),
  }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored[0]!.encoding;
}
