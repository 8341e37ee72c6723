/**
 * The check that runs before DuckDB binds a query (core/sql/table-calls.ts). The engine suite
 * runs it on DuckDB's own tokens in Node and Chromium; here, offsets are given by hand to pin
 * what the check reads at each token.
 */
import { describe, expect, it } from 'vitest';
import {
  calledNames,
  mentionsRefusable,
  refusableNames,
  refusedTableCall,
} from '../../src/core/sql/table-calls.ts';

/** Every position a word or quoted name starts at, as a tokenizer would give them. */
function starts(sql: string): { offsets: number[] } {
  return { offsets: [...sql.matchAll(/"|\b\w/g)].map((m) => m.index) };
}

describe('the table functions a query calls', () => {
  it('reads a call through quotes, case, schemas, blanks and nested comments', () => {
    const sql = `SELECT * FROM main."Read_Blob" /* a /* nested */ comment */ -- line\n ('x')`;
    expect(calledNames(sql, starts(sql))).toContain('read_blob');
  });

  it('takes a name that is not followed by a parenthesis for no call', () => {
    const sql = 'SELECT read_blob FROM data AS read_text';
    expect(calledNames(sql, starts(sql))).toEqual([]);
  });

  it("refuses a file reader even when DuckDB's list could not be read", () => {
    const sql = "SELECT * FROM read_blob('a')";
    expect(refusedTableCall(sql, starts(sql), refusableNames([]))).toMatch(
      /^read_blob\(\) is not allowed/,
    );
  });

  it('lets a scalar function of the same name pass, and any table function that reads no file', () => {
    const functions = refusableNames(['range', 'duckdb_tables', 'read_text', 'repeat']);
    for (const sql of [
      'SELECT range(3), repeat(1, 2)',
      'SELECT * FROM duckdb_tables()',
      'SELECT upper(city) FROM data',
    ])
      expect(refusedTableCall(sql, starts(sql), functions), sql).toBeNull();
    const sql = "SELECT * FROM READ_TEXT ('a')";
    expect(refusedTableCall(sql, starts(sql), functions)).toMatch(/^read_text\(\)/);
  });

  it('refuses a table function DuckDB lists that is not known to read no file', () => {
    const sql = 'SELECT * FROM some_new_reader()';
    expect(refusedTableCall(sql, starts(sql), refusableNames(['some_new_reader']))).toMatch(
      /not allowed/,
    );
  });

  it('sends a statement to be tokenized only when it holds a refusable name, in any case', () => {
    const refusable = refusableNames(['range', 'glob']);
    expect(mentionsRefusable('SELECT city, sum(rain) FROM data GROUP BY city', refusable)).toBe(
      false,
    );
    expect(mentionsRefusable('SELECT * FROM range(3)', refusable)).toBe(false);
    expect(mentionsRefusable('SELECT * FROM main."GLOB"(\'*\')', refusable)).toBe(true);
    expect(mentionsRefusable("SELECT * FROM Read_Blob('x')", refusable)).toBe(true);
  });
});
