/**
 * A whole result's CSV lines are made by DuckDB (core/sql/query-guard.ts, csvLinesQuery, with
 * core/sql/csv-sql.ts textFieldSql): on a real DuckDB, each field must come out as the page's own
 * `textField` writes it — the formula guard and the quoting alike — and numbers as DuckDB's text.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { textField, toCsv } from '../../src/core/data/csv.ts';
import { excelCsv } from '../../src/core/data/csv-dialect.ts';
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
  '-2+3',
  '+1.5e3',
  '-.5',
  '-1-1',
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

it('writes a whole result for Excel as the page writes its rows for Excel: separator, decimals, dates', async () => {
  const dialect = excelCsv('fr-FR');
  const statement = `SELECT * FROM (VALUES
    ('Crème; brûlée', 1234.5::DECIMAL(9,2), DATE '2024-03-25', TIMESTAMP '2024-03-25 10:30:00', -2.25::DOUBLE),
    ('=1+1', -7.1::DECIMAL(9,2), NULL, NULL, NULL)) AS v(t, amount, day, stamp, x)`;
  const columns = [
    { name: 't', type: 'VARCHAR' },
    { name: 'amount', type: 'DECIMAL(9,2)' },
    { name: 'day', type: 'DATE' },
    { name: 'stamp', type: 'TIMESTAMP' },
    { name: 'x', type: 'DOUBLE' },
  ];
  const lines = (await db.run(csvLinesQuery(statement, columns, dialect))).map((r) => r.line);
  const page = toCsv(
    columns,
    [
      ['Crème; brûlée', 1234.5, '2024-03-25', '2024-03-25 10:30:00', -2.25],
      ['=1+1', -7.1, null, null, null],
    ],
    dialect,
  );
  expect(lines).toEqual([
    '"Crème; brûlée";1234,50;25/03/2024;25/03/2024 10:30:00;-2,25',
    "'=1+1;-7,10;;;",
  ]);
  // The page writes the numbers it holds as JavaScript has them (1234.5, not DuckDB's 1234.50).
  expect(page.split('\r\n').slice(1, 3)).toEqual([
    '"Crème; brûlée";1234,5;25/03/2024;25/03/2024 10:30:00;-2,25',
    "'=1+1;-7,1;;;",
  ]);
});

it('writes a list of timestamps for Excel as DuckDB’s text, not through a date format', async () => {
  const statement =
    "SELECT [TIMESTAMP '2024-03-25 10:30:00'] AS stamps, TIMESTAMP_S '2024-03-25 10:30:00' AS s";
  const rows = await db.run(
    csvLinesQuery(
      statement,
      [
        { name: 'stamps', type: 'TIMESTAMP[]' },
        { name: 's', type: 'TIMESTAMP_S' },
      ],
      excelCsv('fr-FR'),
    ),
  );
  expect(rows.map((r) => r.line)).toEqual(["['2024-03-25 10:30:00'];25/03/2024 10:30:00"]);
});
