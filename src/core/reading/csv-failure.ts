/**
 * Why DuckDB could not read a delimited file, in words a person can act on. DuckDB's own text
 * (its first paragraph, as workers/load-csv.ts cleans it) goes under _Details_: it names options
 * and internals a person did not choose (`max_line_size`, `sniff_csv`), and the brief asks for
 * plain words first, DuckDB's text kept (issue 30). The patterns are DuckDB 1.x's messages, as
 * native DuckDB 1.5.5 wrote them for the files tests/unit/csv-failure.test.ts describes.
 */
import { formatBytes } from '../data/bytes.ts';

/** What is said when DuckDB's text matches none of the reasons below. */
export const NOT_A_TABLE = 'DuckDB could not read this file as a table.';

/** A failure to read a file: `message` in plain words, `details` DuckDB's own text. */
export class ReadFailure extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
  }
}

/**
 * The plain words for DuckDB's refusal of a delimited file (`duckdb`: its message). `maxLineBytes`
 * is the longest line Sift has DuckDB read: a line past it fails at DuckDB's default first, whose
 * limit the message names (2,000,000 bytes), and is not read again (workers/load-csv.ts).
 */
export function csvFailureWords(duckdb: string, maxLineBytes = 0): string {
  const line = /CSV Error on Line: (\d+)/.exec(duckdb)?.[1];
  const at = line ? `Line ${Number(line).toLocaleString('en-US')}` : 'A line';
  const long = /Maximum line size of (\d+) bytes exceeded\. Actual Size:\s*(\d+)/.exec(duckdb);
  if (long) {
    const limit = Math.max(Number(long[1]), maxLineBytes);
    return `${at} is ${formatBytes(Number(long[2]))} long, more than the ${formatBytes(limit)} Sift reads as one line: the file may not be a table, or its line breaks may be missing.`;
  }
  if (/unterminated quote/i.test(duckdb))
    return `${at} opens a quoted field that is never closed, so where the rows end cannot be told.`;
  if (/could not convert|conversion error/i.test(duckdb))
    return `${at} has a value that does not fit its column's type, even with the types taken from the whole file.`;
  if (/number of columns|too many columns|not enough columns/i.test(duckdb))
    return `${at} has a different number of fields from the rows around it, even with short rows padded.`;
  if (/sniff|detect the CSV|dialect/i.test(duckdb))
    return 'How the fields of this file are separated could not be told: it may not be delimited text, or its lines may not agree with one another.';
  return NOT_A_TABLE;
}
