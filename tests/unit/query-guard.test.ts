import { describe, expect, it } from 'vitest';
import {
  asSubquery,
  countQuery,
  describeQuery,
  explainPrepareFailure,
  normaliseStatement,
  resultQuery,
  toCell,
  transportOf,
} from '../../src/core/sql/query-guard.ts';

describe('normaliseStatement', () => {
  it('trims surrounding white space and newlines', () => {
    expect(normaliseStatement('  \n\tSELECT 1 \r\n')).toBe('SELECT 1');
  });

  it('drops one or several trailing semicolons, with white space between them', () => {
    expect(normaliseStatement('SELECT 1;')).toBe('SELECT 1');
    expect(normaliseStatement('SELECT 1 ; ;\n;  ')).toBe('SELECT 1');
  });

  it('keeps semicolons that are not at the end', () => {
    expect(normaliseStatement("SELECT ';' AS s;")).toBe("SELECT ';' AS s");
    expect(normaliseStatement('SELECT 1; SELECT 2;')).toBe('SELECT 1; SELECT 2');
  });

  it('turns a text of only white space and semicolons into the empty statement', () => {
    expect(normaliseStatement('')).toBe('');
    expect(normaliseStatement('  ;\n ; ')).toBe('');
  });

  it('drops a trailing semicolon that is followed only by a line comment', () => {
    // People end a statement with `; -- note`. A subquery cannot hold the semicolon, so the
    // statement would fail with a syntax error at ";" although it is a single valid SELECT.
    const statement = normaliseStatement('SELECT 1 AS one; -- the answer');
    expect(statement).toMatch(/^SELECT 1 AS one\b/);
    expect(statement).not.toContain(';');
  });
});

describe('asSubquery and the statements built on it', () => {
  it('puts the statement on lines of its own so a trailing line comment cannot eat the ")"', () => {
    const text = asSubquery('SELECT 1 -- a note');
    const lines = text.split('\n');
    expect(lines).toEqual(['(', 'SELECT 1 -- a note', ') AS q']);
  });

  it('names the subquery columns positionally when aliases are given', () => {
    expect(asSubquery('SELECT 1, 2', ['c0', 'c1'])).toBe('(\nSELECT 1, 2\n) AS q(c0, c1)');
  });

  it('describes and counts the statement only as a subquery of SELECT', () => {
    expect(describeQuery('SELECT 1')).toBe('DESCRIBE SELECT * FROM (\nSELECT 1\n) AS q');
    expect(countQuery('SELECT 1')).toBe('SELECT count(*) AS n FROM (\nSELECT 1\n) AS q');
  });
});

describe('resultQuery', () => {
  const columns = [
    { name: 'price', type: 'DECIMAL(18,3)' },
    { name: 'n', type: 'INTEGER' },
    { name: 'big', type: 'BIGINT' },
    { name: 'when', type: 'TIMESTAMP' },
    { name: 'n', type: 'VARCHAR' },
  ];
  const sql = resultQuery('SELECT * FROM t', columns, 11, 100);

  it('renames every column positionally so duplicate names cannot collide', () => {
    expect(sql).toContain('AS q(c0, c1, c2, c3, c4)');
    expect(sql).not.toMatch(/\bprice\b|\bbig\b/);
  });

  it('converts decimals to DOUBLE and 64-bit integers to text', () => {
    expect(sql).toContain('CAST(c0 AS DOUBLE) AS c0');
    expect(sql).toContain('CAST(c2 AS VARCHAR) AS c2');
  });

  it('passes native numbers through unchanged', () => {
    expect(sql).toMatch(/AS c0, c1, CAST/);
  });

  it('turns other types into text cut at the cell limit with an ellipsis', () => {
    expect(sql).toContain(
      "CASE WHEN length(CAST(c3 AS VARCHAR)) > 100 THEN left(CAST(c3 AS VARCHAR), 100) || '…' ELSE CAST(c3 AS VARCHAR) END AS c3",
    );
    expect(sql).toContain('left(CAST(c4 AS VARCHAR), 100)');
  });

  it('applies the row limit to the outer SELECT', () => {
    expect(sql.endsWith(' LIMIT 11')).toBe(true);
  });
});

describe('transportOf', () => {
  it.each([
    'BOOLEAN',
    'TINYINT',
    'SMALLINT',
    'INTEGER',
    'UTINYINT',
    'USMALLINT',
    'UINTEGER',
    'FLOAT',
    'DOUBLE',
    'DECIMAL(18,3)',
    'DECIMAL(38,10)',
  ])('sends %s natively', (type) => {
    expect(transportOf(type)).toBe('native');
  });

  it.each(['BIGINT', 'UBIGINT', 'HUGEINT', 'UHUGEINT'])('sends %s as integer text', (type) => {
    expect(transportOf(type)).toBe('integer-text');
  });

  it.each([
    'VARCHAR',
    'DATE',
    'TIMESTAMP',
    'TIMESTAMP WITH TIME ZONE',
    'INTERVAL',
    'BLOB',
    'UUID',
    'INTEGER[]',
    'DOUBLE[]',
    'BIGINT[]',
    'STRUCT(a INTEGER)',
  ])('sends %s as text', (type) => {
    expect(transportOf(type)).toBe('text');
  });
});

describe('toCell', () => {
  it('keeps missing values missing', () => {
    expect(toCell(null, 'native')).toBeNull();
    expect(toCell(undefined, 'text')).toBeNull();
    expect(toCell(null, 'integer-text')).toBeNull();
  });

  it('turns integer text into numbers when they are exact', () => {
    expect(toCell('42', 'integer-text')).toBe(42);
    expect(toCell('-9007199254740991', 'integer-text')).toBe(-9007199254740991);
    expect(toCell('9007199254740991', 'integer-text')).toBe(9007199254740991);
  });

  it('keeps integers beyond 2^53 as their exact text', () => {
    expect(toCell('9007199254740993', 'integer-text')).toBe('9007199254740993');
    // 2^53 itself is not safe: 2^53 + 1 would read as the same number.
    expect(toCell('9007199254740992', 'integer-text')).toBe('9007199254740992');
    expect(toCell('-170141183460469231731687303715884105728', 'integer-text')).toBe(
      '-170141183460469231731687303715884105728',
    );
  });

  it('converts BigInt values to numbers when safe, else to exact text', () => {
    expect(toCell(42n, 'native')).toBe(42);
    expect(toCell(2n ** 64n, 'native')).toBe('18446744073709551616');
  });

  it('writes NaN and infinities as text, which JSON can carry', () => {
    expect(toCell(Number.NaN, 'native')).toBe('NaN');
    expect(toCell(Number.POSITIVE_INFINITY, 'native')).toBe('Infinity');
    expect(toCell(Number.NEGATIVE_INFINITY, 'native')).toBe('-Infinity');
  });

  it('keeps finite numbers, booleans and strings as they are', () => {
    expect(toCell(1.5, 'native')).toBe(1.5);
    expect(toCell(false, 'native')).toBe(false);
    expect(toCell('2024-01-31', 'text')).toBe('2024-01-31');
  });

  it('yields cells that survive a JSON round trip unchanged', () => {
    const cells = [
      toCell(Number.NaN, 'native'),
      toCell(Number.POSITIVE_INFINITY, 'native'),
      toCell(2n ** 70n, 'native'),
      toCell('123456789012345678901', 'integer-text'),
      toCell(7n, 'native'),
      toCell(true, 'native'),
      toCell(null, 'native'),
    ];
    expect(JSON.parse(JSON.stringify(cells))).toEqual(cells);
  });
});

describe('explainPrepareFailure', () => {
  const parserError = 'Parser Error: syntax error at or near "INTO"';

  it.each([
    ['INSERT INTO t VALUES (1)', 'INSERT'],
    ['UPDATE t SET a = 1', 'UPDATE'],
    ['DELETE FROM t', 'DELETE'],
    ['DROP TABLE t', 'DROP'],
    ['CREATE TABLE x AS SELECT 1', 'CREATE'],
    ['ALTER TABLE t ADD COLUMN b INT', 'ALTER'],
    ["COPY t TO 'out.csv'", 'COPY'],
    ["ATTACH 'other.db'", 'ATTACH'],
    ['INSTALL httpfs', 'INSTALL'],
    ['LOAD httpfs', 'LOAD'],
    ['SET threads = 1', 'SET'],
    ['PRAGMA version', 'PRAGMA'],
  ])('refuses the write statement %s by name', (statement, keyword) => {
    const result = explainPrepareFailure(statement, parserError);
    expect(result.kind).toBe('rejected');
    expect(result.message).toContain(`a ${keyword} statement was refused`);
    expect(result.message).toMatch(/read-only/);
  });

  it('recognises a write keyword whatever its case', () => {
    const result = explainPrepareFailure('drop table t', parserError);
    expect(result).toMatchObject({ kind: 'rejected' });
    expect(result.message).toContain('DROP');
  });

  it('looks past leading comments for the first keyword', () => {
    const result = explainPrepareFailure('-- tidy up\n/* old rows */ DELETE FROM t', parserError);
    expect(result.kind).toBe('rejected');
    expect(result.message).toContain('DELETE');
  });

  it('does not mistake a read-only statement mentioning a write word for a write', () => {
    const message = 'Binder Error: Table with name t does not exist!';
    expect(explainPrepareFailure('SELECT "delete" FROM t', message)).toEqual({
      kind: 'error',
      message,
    });
    expect(explainPrepareFailure('-- DROP TABLE t\nSELECT * FROM t', message).kind).toBe('error');
  });

  it('refuses text that holds several statements as one-at-a-time', () => {
    const result = explainPrepareFailure(
      'SELECT 1; SELECT 2',
      'Parser Error: syntax error at or near ";"',
    );
    expect(result.kind).toBe('rejected');
    expect(result.message).toMatch(/one statement/i);
  });

  it('does not tell a single statement that DuckDB expands (PIVOT) to split itself', () => {
    const result = explainPrepareFailure(
      'PIVOT t ON b USING sum(a)',
      'Invalid Input Error: Cannot prepare multiple statements at once!',
    );
    expect(result.kind).toBe('error');
    expect(result.message).not.toMatch(/split the text/);
    expect(result.message).toMatch(/IN \(/);
  });

  it('passes any other DuckDB message through unchanged as an error', () => {
    const message = 'Binder Error: Referenced column "x" not found in FROM clause!';
    expect(explainPrepareFailure('SELECT x FROM t', message)).toEqual({ kind: 'error', message });
  });

  it('refuses a write statement that starts with a WITH clause', () => {
    // DuckDB answers `SELECT * FROM (WITH … INSERT …) AS q` with a plain syntax error.
    const result = explainPrepareFailure(
      'WITH fresh AS (SELECT 1 AS a) INSERT INTO t SELECT * FROM fresh',
      'Parser Error: syntax error at or near "INSERT"',
    );
    expect(result.kind).toBe('rejected');
    expect(result.message).toContain('INSERT');
  });
});
