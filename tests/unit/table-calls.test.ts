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

const utf8 = (text: string) => new TextEncoder().encode(text).length;

/**
 * Every position a word or quoted name starts at, in UTF-8 bytes as DuckDB's tokenizer gives
 * them (a letter after an accent or an emoji starts a word too).
 */
function starts(sql: string): { offsets: number[] } {
  const at = [...sql.matchAll(/"|(?<![\p{L}\p{N}_])[\p{L}_]/gu)].map((m) => m.index);
  return { offsets: at.map((i) => utf8(sql.slice(0, i))) };
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

describe('the check reads what DuckDB reads (issue 46)', () => {
  const refusable = refusableNames(['read_blob', 'read_text']);
  const calls = ["read_blob('x')", "READ_TEXT ('x')", `"read_blob"('x')`];
  // Whatever stands before the call: none of it may shift where the check reads the name.
  const before = [
    "SELECT 'é' AS a, * FROM ",
    "SELECT '😀🚀' AS a, * FROM ",
    'SELECT \'e\u0301\u0302\' AS "café", * FROM ',
    'SELECT 1 AS "名前", * FROM ',
    '/* ünïcödé /* nested 😀 */ */ SELECT * FROM ',
    "SELECT 'Zoë' -- 💥 comment\r\n, * FROM ",
    "SELECT 'x' -- comment\u2028still comment\n, * FROM ",
    'SELECT * FROM ',
  ];

  it('refuses a reader call after accents, emoji, combining marks, comments and quoted names', () => {
    for (const head of before)
      for (const call of calls) {
        const sql = head + call;
        expect(refusedTableCall(sql, starts(sql), refusable), JSON.stringify(sql)).toMatch(
          /is not allowed here/,
        );
      }
  });

  it('ends a -- comment at a lone carriage return, as DuckDB does', () => {
    const sql = "SELECT * FROM read_text--x\r('secret')";
    expect(refusedTableCall(sql, starts(sql), refusable)).toMatch(/^read_text\(\)/);
  });

  it('allows the catalogue by name, not by prefix: duckdb_logs_parsed is refused', () => {
    const names = refusableNames(['duckdb_tables', 'duckdb_logs', 'duckdb_logs_parsed']);
    expect([...names].sort()).toEqual(
      expect.arrayContaining(['duckdb_logs', 'duckdb_logs_parsed']),
    );
    expect(names.has('duckdb_tables')).toBe(false);
    const sql = "SELECT * FROM duckdb_logs_parsed('QueryLog')";
    expect(refusedTableCall(sql, starts(sql), names)).toMatch(/^duckdb_logs_parsed\(\)/);
  });
});
