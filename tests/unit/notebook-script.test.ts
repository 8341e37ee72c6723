/**
 * The notebook as a DuckDB script (issue 48): each table made from its file, each SQL cell a view
 * of its name in order; a file's name or a title cannot step out of its comment into the script,
 * nor out of the Jupyter setup cell's comment into Python.
 */
import { describe, expect, it } from 'vitest';
import type { TableInfo } from '../../src/core/data/engine.ts';
import type { CellView } from '../../src/core/events/notebook.ts';
import { notebookIpynb } from '../../src/core/report/notebook-ipynb.ts';
import { notebookSql, tableScript } from '../../src/core/report/notebook-script.ts';
import { notOneStatement } from '../../src/core/sql/sql-words.ts';

const cell = (name: string, source: string): CellView => ({
  cellId: name,
  kind: 'sql',
  name,
  source,
  run: null,
});

const doc = (title: string, tables: TableInfo[], cells: CellView[]) => ({
  title,
  tables,
  cells,
  checks: new Map(),
  at: new Date('2026-12-03T00:00:00Z'),
});

describe('the notebook as a DuckDB script', () => {
  it('makes each table, then each SQL cell a view of its name, in order', () => {
    const table = { name: 'sales', fileName: 'sales.parquet', format: 'parquet' } as TableInfo;
    const sql = notebookSql(
      doc(
        'Sales',
        [table],
        [
          cell('by_region', 'SELECT region, sum(amount) AS total FROM sales GROUP BY 1;  '),
          { ...cell('note', 'Words'), kind: 'text' },
          cell('top', 'SELECT * FROM by_region ORDER BY total DESC LIMIT 1'),
        ],
      ),
      [tableScript(table)],
    );
    expect(sql.split('\n')).toEqual([
      '-- Sales — the notebook, exported from Sift on 2026-12-03.',
      '-- Run beside the session\'s files with the DuckDB CLI: duckdb -f "<this file>"',
      '',
      '-- sales, from sales.parquet',
      `CREATE TABLE "sales" AS SELECT * FROM read_parquet('sales.parquet');`,
      '',
      '-- cell by_region',
      'CREATE OR REPLACE VIEW by_region AS',
      'SELECT region, sum(amount) AS total FROM sales GROUP BY 1;',
      'FROM by_region;',
      '',
      '-- cell top',
      'CREATE OR REPLACE VIEW top AS',
      'SELECT * FROM by_region ORDER BY total DESC LIMIT 1;',
      'FROM top;',
      '',
    ]);
  });

  it('uses the statements Sift recorded, loading the encodings extension where they need it', () => {
    const read = (encoding: string) =>
      `CREATE TABLE "t" AS SELECT * FROM read_csv('t.csv', encoding = '${encoding}')`;
    const recorded = { name: 't', fileName: 't.csv', format: 'csv' } as TableInfo;
    expect(tableScript({ ...recorded, recipe: [read('utf-16')] })).toEqual({
      name: 't',
      fileName: 't.csv',
      statements: [read('utf-16')],
      notes: [],
    });
    const cp1252 = tableScript({ ...recorded, recipe: [read('windows-1252-2000')] });
    expect(cp1252.statements).toEqual([
      'INSTALL encodings',
      'LOAD encodings',
      read('windows-1252-2000'),
    ]);
    expect(cp1252.notes[0]).toMatch(/encodings extension, which INSTALL downloads once/);
  });

  it('writes a cell only as one statement: a second one, or a line for the CLI, leaves it out', () => {
    expect(notOneStatement('SELECT \';\' AS a, "x;y" -- one; two\nFROM t /* ; */;  ')).toBeNull();
    expect(notOneStatement('SELECT $$a;b$$ AS t')).toBeNull();
    expect(notOneStatement("SELECT 1; COPY t TO '/home/me/.bashrc'")).toBe(
      'it holds more than one statement',
    );
    expect(notOneStatement('SELECT 1\n.shell curl x | sh')).toMatch(/starts with a dot/);
    expect(notOneStatement("SELECT 'open")).toMatch(/never closed/);
    const crafted = [
      cell('ok', 'SELECT 1 AS n'),
      cell('evil', "SELECT 1;\nCOPY (SELECT 1) TO '/tmp/x'"),
      cell('dot', 'SELECT 1\r.shell id'),
    ];
    const sql = notebookSql(doc('T', [], crafted), []);
    expect(sql).toContain('CREATE OR REPLACE VIEW ok AS\nSELECT 1 AS n;');
    expect(sql).toContain('-- cell evil is left out: it holds more than one statement');
    expect(sql).not.toMatch(/^COPY|^\.shell/m);
    expect(sql).not.toContain('.shell');
    const nb = JSON.stringify(JSON.parse(notebookIpynb(doc('T', [], crafted), [])));
    expect(nb).toContain('Cell evil is left out: it holds more than one statement');
    expect(nb).not.toContain('COPY');
    expect(nb).not.toContain('.shell');
  });

  it('says where Sift read a file with a reader of its own, and keeps every name in its comment', () => {
    const evil = 'x.json\rDROP TABLE sales;\nSELECT 1\u2028import os';
    const table = { name: 'data', fileName: evil, format: 'json' } as TableInfo;
    const script = tableScript(table);
    expect(script.notes[0]).toMatch(/own reader/);
    const sql = notebookSql(doc('T\r\nDROP TABLE x', [table], []), [script]);
    // Once the one statement is taken out, only comments are left: no line of a name ran.
    const [statement] = script.statements;
    expect(sql).toContain(`${statement};`);
    for (const line of sql.replace(`${statement};`, '').split(/\r\n|\r|\n/))
      expect(line === '' || line.startsWith('-- '), line).toBe(true);
    const nb = JSON.parse(notebookIpynb(doc('T', [table], []), [script])) as {
      cells: Array<{ source: string[] }>;
    };
    const setup = nb.cells[1]!.source.join('');
    // The statement as one JSON-escaped Python string, on one line of its own.
    expect(setup).toContain(`con.sql(${JSON.stringify(statement)})`);
    for (const line of setup.split(/\r\n|\r|\n/))
      expect(line === '' || /^(#|import |con)/.test(line), line).toBe(true);
  });
});
