/**
 * A look at the first bytes of a file before DuckDB reads it: is it empty, binary, or text, and
 * in which encoding: UTF-8, UTF-16 by its byte-order mark or its pattern of zero bytes, else the
 * single-byte encoding its letters read best in (text-encoding.ts). Anything but UTF-8 is made
 * UTF-8 before DuckDB reads it (workers/transcode.ts).
 */
import type { Encoding } from '../data/engine.ts';
import { guessSingleByte } from './text-encoding.ts';

export type HeadVerdict =
  | { kind: 'empty' }
  /** A Parquet file (its magic number); read by parquet-wasm, not DuckDB's sniffer. */
  | { kind: 'parquet' }
  /** A ZIP archive: an Excel .xlsx workbook is one (read by read-excel-file, if it is). */
  | { kind: 'zip' }
  | { kind: 'binary'; reason: string }
  /** Text, but not delimited text: JSON, JSON Lines, XML, HTML. */
  | { kind: 'format'; format: string; reason: string }
  /** `nulBytes`: NUL bytes in the head (older exports pad fields with them). */
  | { kind: 'text'; encoding: Encoding; nulBytes: number };

/** How many bytes to look at. */
export const HEAD_BYTES = 1 << 20;

const SIGNATURES: Array<[number[], string]> = [
  [[0xd0, 0xcf, 0x11, 0xe0], 'an old Excel/Office document (.xls); save it as .xlsx or CSV'],
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
  if (startsWith(head, [0xff, 0xfe])) return { kind: 'text', encoding: 'utf-16le', nulBytes: 0 };
  if (startsWith(head, [0xfe, 0xff])) return { kind: 'text', encoding: 'utf-16be', nulBytes: 0 };
  if (startsWith(head, [0x50, 0x41, 0x52, 0x31])) return { kind: 'parquet' };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'zip' };
  for (const [sig, what] of SIGNATURES) {
    if (startsWith(head, sig)) return { kind: 'binary', reason: `it looks like ${what}` };
  }
  let nul = 0;
  let oddNul = 0;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const b = head[i] as number;
    if (b === 0) {
      nul++;
      if (i % 2 === 1) oddNul++;
    } else if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) control++;
  }
  // UTF-16 without a byte-order mark: ASCII text with a zero after each byte (little-endian)
  // or before it (big-endian).
  if (nul > head.length / 4 && oddNul > nul * 0.9)
    return { kind: 'text', encoding: 'utf-16le', nulBytes: 0 };
  if (nul > head.length / 4 && oddNul < nul * 0.1)
    return { kind: 'text', encoding: 'utf-16be', nulBytes: 0 };
  // Text has no control characters but tab, line ends and escape: more than one in a hundred
  // bytes is binary. NUL bytes alone pad the fields of some older exports, which DuckDB reads;
  // only a head that is mostly NUL is binary.
  if (control > head.length / 100 || nul > head.length / 2) {
    return { kind: 'binary', reason: 'it contains binary data, not delimited text' };
  }
  // A UTF-8 byte-order mark (Windows editors write one) is not part of the text's start.
  const bom = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const text = new TextDecoder('latin1').decode(head.subarray(bom));
  if (/^\s*$/.test(text) && head.length === fileSize) return { kind: 'empty' };
  const format = structuredFormat(text, head.length === fileSize);
  if (format)
    return {
      kind: 'format',
      format: format.name,
      reason: `it is ${format.what}, not delimited text. Sift reads CSV, TSV and other delimited text files; save it as CSV first`,
    };
  const encoding: Encoding = isValidUtf8(head, head.length < fileSize)
    ? 'utf-8'
    : guessSingleByte(head);
  return { kind: 'text', encoding, nulBytes: nul };
}

const JSON_OBJECT_START = /^\{\s*(?:"(?:[^"\\]|\\.)*"\s*:|\})/;
const JSON_ARRAY_START =
  /^\[\s*(?:[{[\]]|"(?:[^"\\]|\\.)*"\s*[,\]]|-?\d[\d.eE+-]*\s*[,\]]|(?:true|false|null)\s*[,\]])/;

function parsesAs(line: string, test: (v: unknown) => boolean): boolean {
  try {
    return test(JSON.parse(line));
  } catch {
    return false;
  }
}

/**
 * JSON, JSON Lines, XML and HTML, recognised from the start of the file. A delimited file whose
 * first cell happens to start with `{`, `[` or `<` is not taken for one: each rule needs what
 * only that format has (a key and a colon, a whole JSON value per line, a line that is a tag).
 */
export function structuredFormat(
  text: string,
  whole: boolean,
): { name: string; what: string } | null {
  const start = text.replace(/^\ufeff/, '').trimStart();
  const lines = start.split(/\r?\n/).filter((l) => l.trim() !== '');
  // Without the whole file, the last line may be cut: judge the ones before it.
  const complete = whole ? lines : lines.slice(0, -1);
  const sample = complete.slice(0, 5);
  const jsonValue = (v: unknown) => typeof v === 'object' && v !== null;
  if (start.startsWith('{') || start.startsWith('[')) {
    if (sample.length > 1 && sample.every((l) => parsesAs(l.trim(), jsonValue)))
      return { name: 'JSON Lines', what: 'JSON Lines (one JSON record per line)' };
    if (whole && parsesAs(start, jsonValue)) return { name: 'JSON', what: 'a JSON document' };
    if (JSON_OBJECT_START.test(start)) return { name: 'JSON', what: 'a JSON document' };
    if (JSON_ARRAY_START.test(start))
      return { name: 'JSON', what: 'a JSON document (an array of records)' };
  }
  if (/^<\?xml\b/i.test(start)) return { name: 'XML', what: 'an XML document' };
  if (/^(?:<!doctype\s+html\b|<html\b|<head\b|<body\b|<table\b)/i.test(start))
    return { name: 'HTML', what: 'an HTML page' };
  const tagLines = sample.slice(0, 3);
  if (
    tagLines.length > 0 &&
    /^<[A-Za-z!]/.test(start) &&
    tagLines.every((l) => /^\s*<.*>\s*$/.test(l) && !/>\s*[,;\t]\s*</.test(l))
  )
    return { name: 'XML', what: 'an XML or HTML document' };
  return null;
}
