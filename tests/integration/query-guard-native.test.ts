/**
 * The guard's texts on a real DuckDB parser (native build): what they build must run, and the
 * refusal wording must match what DuckDB actually reports for the statement a person typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSubquery,
  countQuery,
  describeQuery,
  explainPrepareFailure,
  normaliseStatement,
  resultQuery,
  toCell,
  transportOf,
} from '../../src/core/data/query-guard.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

let db: NativeDuckDB;

beforeAll(async () => {
  db = await openNativeDuckDB();
  await db.run('CREATE TABLE t AS SELECT range AS a, range % 3 AS b FROM range(10)');
});

afterAll(() => db?.close());

/** What the worker does first: prepare the statement as a subquery, and explain a refusal. */
async function guard(sql: string) {
  const statement = normaliseStatement(sql);
  try {
    await db.prepare(`SELECT * FROM ${asSubquery(statement)}`);
    return { kind: 'ok' as const, message: '' };
  } catch (e) {
    return explainPrepareFailure(statement, (e as Error).message);
  }
}

/** The page's view of a statement: described, fetched through resultQuery, converted by toCell. */
async function fetchCells(statement: string, limit: number, maxCellChars: number) {
  const columns = (await db.run(describeQuery(statement))).map((r) => ({
    name: String(r.column_name),
    type: String(r.column_type),
  }));
  const rows = await db.run(resultQuery(statement, columns, limit, maxCellChars));
  const transports = columns.map((c) => transportOf(c.type));
  return {
    columns,
    rows: rows.map((r) => transports.map((t, i) => toCell(r[`c${i}`], t))),
  };
}

describe('texts built by the guard run on DuckDB', () => {
  it('runs a statement that ends in a line comment', async () => {
    const statement = normaliseStatement('SELECT count(*) AS n FROM t -- all rows\n');
    expect(await db.run(`SELECT * FROM ${asSubquery(statement)}`)).toEqual([{ n: 10 }]);
    expect(await db.run(countQuery(statement))).toEqual([{ n: 1 }]);
  });

  it('describes every column of a statement, repeated names included', async () => {
    const rows = await db.run(describeQuery('SELECT a, b::VARCHAR AS b, a FROM t'));
    expect(rows.map((r) => r.column_type)).toEqual(['BIGINT', 'VARCHAR', 'BIGINT']);
  });

  it('keeps columns with the same name apart, each with its own values', async () => {
    const { rows } = await fetchCells('SELECT 1 AS v, 2 AS v, 3 AS V', 5, 100);
    expect(rows).toEqual([[1, 2, 3]]);
  });

  it('counts the rows of the whole result', async () => {
    expect(await db.run(countQuery(normaliseStatement('SELECT * FROM t WHERE b = 0;')))).toEqual([
      { n: 4 },
    ]);
  });

  it('fetches every kind of value as a JSON-safe cell', async () => {
    const { columns, rows } = await fetchCells(
      `SELECT 1.25::DECIMAL(10,2) AS x, 12345678901234567890::HUGEINT AS x, 42::BIGINT AS n,
              DATE '2024-01-31' AS d, repeat('é', 30) AS long, [1, 2] AS l, 'nan'::DOUBLE AS f,
              true AS ok, NULL::VARCHAR AS missing`,
      5,
      10,
    );
    expect(columns.map((c) => c.type)).toEqual([
      'DECIMAL(10,2)',
      'HUGEINT',
      'BIGINT',
      'DATE',
      'VARCHAR',
      'INTEGER[]',
      'DOUBLE',
      'BOOLEAN',
      'VARCHAR',
    ]);
    expect(rows).toEqual([
      [
        1.25,
        '12345678901234567890',
        42,
        '2024-01-31',
        `${'é'.repeat(10)}…`,
        '[1, 2]',
        'NaN',
        true,
        null,
      ],
    ]);
  });

  it('keeps text at the cell limit whole, with no ellipsis', async () => {
    const { rows } = await fetchCells("SELECT repeat('x', 10) AS s", 5, 10);
    expect(rows).toEqual([['x'.repeat(10)]]);
  });

  it('stops at the row limit', async () => {
    const { rows } = await fetchCells('SELECT a FROM t ORDER BY a', 3, 100);
    expect(rows).toEqual([[0], [1], [2]]);
  });
});

describe('refusals for what DuckDB will not run as a subquery', () => {
  it.each(['SELECT * FROM t', 'FROM t', 'VALUES (1)', 'DESCRIBE t', 'SUMMARIZE t', 'SHOW TABLES'])(
    'lets the read-only statement %s through',
    async (sql) => {
      expect(await guard(`${sql};`)).toEqual({ kind: 'ok', message: '' });
    },
  );

  it.each([
    'INSERT INTO t VALUES (1, 2)',
    'DELETE FROM t',
    'DROP TABLE t',
    'CREATE TABLE u (a INT)',
  ])('refuses the write statement %s as read-only', async (sql) => {
    const result = await guard(sql);
    expect(result.kind).toBe('rejected');
    expect(result.message).toMatch(/read-only/);
  });

  it('still has the table after refusing writes', async () => {
    expect(await db.run('SELECT count(*) AS n FROM t')).toEqual([{ n: 10 }]);
  });

  it.each(['SELECT 1; SELECT 2', 'SELECT * FROM t; DROP TABLE t'])(
    'refuses the two statements %s with the one-statement explanation',
    async (sql) => {
      // DuckDB reports `syntax error at or near ";"` here, never "multiple statements".
      const result = await guard(sql);
      expect(result.kind).toBe('rejected');
      expect(result.message).toMatch(/one statement/i);
    },
  );

  it('does not tell a person who wrote one PIVOT statement to split it', async () => {
    // A PIVOT without an IN list makes DuckDB answer "Cannot prepare multiple statements at once!".
    const result = await guard('PIVOT t ON b USING sum(a)');
    expect(result.kind).not.toBe('ok');
    expect(result.message).not.toMatch(/split the text into separate queries/);
  });
});
