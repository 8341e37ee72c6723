/**
 * A look at the first bytes of a file before DuckDB reads it: is it empty, binary, or text, and
 * in which encoding. DuckDB 1.4 reads UTF-8, UTF-16 and Latin-1 without extensions; anything not
 * valid UTF-8 is read as Latin-1, which cannot fail (every byte is a character).
 */
import type { Encoding } from './engine.ts';

export type HeadVerdict =
  { kind: 'empty' } | { kind: 'binary'; reason: string } | { kind: 'text'; encoding: Encoding };

/** How many bytes to look at. */
export const HEAD_BYTES = 1 << 20;

const SIGNATURES: Array<[number[], string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (an Excel .xlsx workbook is one); export it as CSV'],
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Excel/Office document; export it as CSV'],
  [[0x50, 0x41, 0x52, 0x31], 'a Parquet file, which this version cannot read yet'],
  [[0x1f, 0x8b], 'a gzip archive; unpack it first'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[...'SQLite format 3'].map((c) => c.charCodeAt(0)).concat(0), 'an SQLite database'],
];

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return sig.length <= bytes.length && sig.every((b, i) => bytes[i] === b);
}

function isValidUtf8(bytes: Uint8Array, truncated: boolean): boolean {
  try {
    // `stream: true` tolerates a multi-byte character cut by the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return true;
  } catch {
    return false;
  }
}

export function inspectHead(head: Uint8Array, fileSize: number): HeadVerdict {
  if (fileSize === 0 || head.length === 0) return { kind: 'empty' };
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) {
    return { kind: 'text', encoding: 'utf-16' };
  }
  for (const [sig, what] of SIGNATURES) {
    if (startsWith(head, sig)) return { kind: 'binary', reason: `it looks like ${what}` };
  }
  let nul = 0;
  let evenNul = 0;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i] as number;
    if (b === 0) {
      nul++;
      if (i % 2 === 1) evenNul++;
    } else if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  // UTF-16 little-endian without a byte-order mark: ASCII text with a zero after each byte.
  if (nul > head.length / 4 && evenNul > nul * 0.9) return { kind: 'text', encoding: 'utf-16' };
  if (nul > 0 || control > head.length / 100) {
    return { kind: 'binary', reason: 'it contains binary data, not delimited text' };
  }
  if (/^\s*$/.test(new TextDecoder('latin1').decode(head)) && head.length === fileSize) {
    return { kind: 'empty' };
  }
  const encoding = isValidUtf8(head, head.length < fileSize) ? 'utf-8' : 'latin-1';
  return { kind: 'text', encoding };
}
