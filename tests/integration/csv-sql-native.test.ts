/**
 * A whole result's CSV lines are made by DuckDB (core/sql/query-guard.ts, csvLinesQuery, with
 * core/data/csv.ts textFieldSql): on a real DuckDB, each field must come out as the page's own
 * `textField` writes it — the formula guard and the quoting alike — and numbers as DuckDB's text.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { textField } from '../../src/core/data/csv.ts';
import { csvLinesQuery } from '../../src/core/sql/query-guard.ts';
import { quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

const AWKWARD = [
  'plain',
  'with, comma',
  'say "hi"',
  'two\nlines',
  'carriage\rreturn',
  '=SUM(A1:A9)',
  '+1 555 0100',
  '-5',
  '@handle',
  '\tindented',
  '\rstarts with CR',
  '="quoted", formula',
  "'already apostrophed",
  'Zoë 🚀',
  '',
];

let db: NativeDuckDB;
beforeAll(async () => {
  db = await openNativeDuckDB();
});
afterAll(() => db?.close());

it('writes every text field as textField does, and a number as DuckDB writes it', async () => {
  const values = AWKWARD.map((v, i) => `(${i}, ${quoteLiteral(v)}, ${i - 3.5})`).join(', ');
  const statement = `SELECT t, n FROM (VALUES ${values}, (99, NULL, NULL)) AS v(i, t, n) ORDER BY i`;
  const rows = await db.run(
    csvLinesQuery(statement, [
      { name: 't', type: 'VARCHAR' },
      { name: 'n', type: 'DECIMAL(3,1)' },
    ]),
  );
  expect(rows.map((r) => r.line)).toEqual([
    ...AWKWARD.map((v, i) => `${textField(v)},${(i - 3.5).toFixed(1)}`),
    ',',
  ]);
});
