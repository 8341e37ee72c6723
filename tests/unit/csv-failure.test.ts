/**
 * DuckDB's refusals of a delimited file said in plain words (core/reading/csv-failure.ts). The
 * messages are DuckDB's own, read from native DuckDB 1.5.5 (@duckdb/node-api) on files made for
 * it: a 9 MB line read with Sift's 8 MB limit, and a file whose lines disagree with each other
 * (`a,b` / `1,2` / `3,4,5,6` with two columns given). The last is the sniffer giving up.
 */
import { describe, expect, it } from 'vitest';
import { csvFailureWords } from '../../src/core/reading/csv-failure.ts';

const LONG_LINE = [
  'CSV Error on Line: 1',
  'Original Line: 1,xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…',
  'Maximum line size of 8388608 bytes exceeded. Actual Size:9437187 bytes.',
].join('\n');

const SNIFFING = [
  'Error when sniffing file "one-long-line.csv".',
  'It was not possible to automatically detect the CSV parsing dialect',
  'The search space used was:',
  "Delimiter Candidates: ',', '|', ';', '\t'",
].join('\n');

describe('a delimited file DuckDB refused, in plain words', () => {
  it('says which line is too long, by how much, and what that may mean', () => {
    expect(csvFailureWords(LONG_LINE)).toBe(
      'Line 1 is 9.0 MB long, more than the 8.0 MB Sift reads as one line: the file may not be a table, or its line breaks may be missing.',
    );
  });

  it('names the longest line Sift reads, not the default DuckDB stopped at first', () => {
    const atDefault = LONG_LINE.replace('8388608', '2000000');
    expect(csvFailureWords(atDefault)).toMatch(/more than the 1\.9 MB/);
    expect(csvFailureWords(atDefault, 8 * 2 ** 20)).toMatch(
      /^Line 1 is 9\.0 MB long, more than the 8\.0 MB/,
    );
  });

  it('says the separator could not be told when DuckDB’s sniffer gives up', () => {
    expect(csvFailureWords(SNIFFING)).toMatch(/^How the fields of this file are separated/);
  });

  it('names none of DuckDB’s options, and falls back to a plain sentence', () => {
    for (const text of [LONG_LINE, SNIFFING, 'Invalid Input Error: something new'])
      expect(csvFailureWords(text)).not.toMatch(/max_line_size|sniff|dialect|Error:/);
    expect(csvFailureWords('Invalid Input Error: something new')).toBe(
      'DuckDB could not read this file as a table.',
    );
  });

  it('says the line of an unterminated quote, a value of the wrong type, a row of another width', () => {
    expect(csvFailureWords('CSV Error on Line: 12004\nValue with unterminated quote found.')).toBe(
      'Line 12,004 opens a quoted field that is never closed, so where the rows end cannot be told.',
    );
    expect(
      csvFailureWords(
        "CSV Error on Line: 7\nConversion Error: Could not convert string 'x' to 'BIGINT'",
      ),
    ).toMatch(/^Line 7 has a value that does not fit its column's type/);
    expect(csvFailureWords('CSV Error on Line: 3\nExpected Number of Columns: 2 Found: 4')).toMatch(
      /^Line 3 has a different number of fields/,
    );
  });
});
