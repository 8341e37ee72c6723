/**
 * The notebook as a Jupyter notebook (issue 48): valid by nbformat's own v4.5 schema (stored from
 * jupyter/nbformat: tests/fixtures/nbformat/README.md), a setup cell reading each file, a code
 * cell per SQL cell making it a view of its name, Markdown for text made inert, and a chart cell
 * whose output JupyterLab's Vega-Lite renderer draws — its spec checked as the saved report's.
 */
import Ajv from 'ajv';
import draft04 from 'ajv/lib/refs/json-schema-draft-04.json';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CellView } from '../../src/core/events/notebook.ts';
import {
  notebookIpynb,
  pythonString,
  VEGA_LITE_MIME,
} from '../../src/core/report/notebook-ipynb.ts';
import { tableScript } from '../../src/core/report/notebook-script.ts';
import type { TableInfo } from '../../src/core/data/engine.ts';

const schema = JSON.parse(
  readFileSync('tests/fixtures/nbformat/nbformat.v4.5.schema.json', 'utf8'),
) as object;
const ajv = new Ajv({ schemaId: 'auto', allErrors: true });
ajv.addMetaSchema(draft04);
const validate = ajv.compile(schema);

const ran = (rows: (string | number)[][]) => ({
  source: 'x',
  columns: ['region', 'total'],
  rows,
  rowCount: rows.length,
  truncated: false,
  durationMs: 1,
  isError: false,
  at: 1,
});
const SQL: CellView = {
  cellId: 'a',
  kind: 'sql',
  name: 'by_region',
  source: 'SELECT region, sum(amount) AS total FROM sales GROUP BY 1;',
  run: ran([
    ['north', 30],
    ['south', 20],
  ]),
};
const TABLE = {
  name: 'sales',
  fileName: 'sales.parquet',
  rows: 2,
  format: 'parquet',
} as TableInfo;

function notebookOf(cells: CellView[]) {
  const doc = { title: 'Sales', tables: [TABLE], cells, checks: new Map(), at: new Date(0) };
  return JSON.parse(notebookIpynb(doc, [tableScript(TABLE)])) as {
    cells: Array<{
      cell_type: string;
      source: string[];
      outputs?: Array<{ data: Record<string, unknown> }>;
    }>;
  };
}

describe('the notebook for Jupyter', () => {
  it('is a valid nbformat 4.5 notebook: setup, a view per SQL cell, text, a drawn chart', () => {
    const text: CellView = {
      cellId: 't',
      kind: 'text',
      name: 'text_1',
      source: 'North sold 30 [@by_region]. <img src="https://x.test/a">',
      run: null,
    };
    const chart: CellView = {
      cellId: 'c',
      kind: 'chart',
      name: 'chart_1',
      of: 'a',
      source: JSON.stringify({
        mark: 'bar',
        encoding: { x: { field: 'region', type: 'nominal' } },
      }),
      run: null,
    };
    const nb = notebookOf([SQL, text, chart]);
    expect(validate(nb), JSON.stringify(validate.errors)).toBe(true);
    // The schema is read: a cell without its id is not a 4.5 notebook's.
    const { id: _id, ...noId } = nb.cells[0] as Record<string, unknown>;
    expect(validate({ ...nb, cells: [noId] })).toBe(false);
    const [title, setup, sql, md, drawn] = nb.cells;
    expect(title!.source.join('')).toMatch(/^# Sales — notebook/);
    expect(setup!.source.join('')).toContain(
      'con.sql("""CREATE TABLE "sales" AS SELECT * FROM read_parquet(\'sales.parquet\')""")',
    );
    expect(sql!.source.join('')).toBe(
      '# by_region\ncon.sql("""CREATE OR REPLACE VIEW by_region AS\nSELECT region, sum(amount) AS total FROM sales GROUP BY 1""")\ncon.sql("""FROM by_region""")',
    );
    expect(md!.cell_type).toBe('markdown');
    expect(md!.source.join('')).toContain('&lt;img src="https://x.test/a">');
    const spec = drawn!.outputs![0]!.data[VEGA_LITE_MIME] as { data: { values: unknown[] } };
    expect(spec.data.values).toEqual([
      { region: 'north', total: 30 },
      { region: 'south', total: 20 },
    ]);
    expect(drawn!.source.join('')).toContain(
      'display({"application/vnd.vegalite.v5+json": spec}, raw=True)',
    );
  });

  it('leaves out a chart that would fetch, and writes any SQL as a Python string', () => {
    const chart: CellView = {
      cellId: 'c',
      kind: 'chart',
      name: 'chart_1',
      of: 'a',
      source: JSON.stringify({ mark: 'image', encoding: { url: { value: 'https://x.test/c' } } }),
      run: null,
    };
    const nb = notebookOf([SQL, chart]);
    expect(validate(nb)).toBe(true);
    expect(nb.cells[3]!.source.join('')).toMatch(/^_Chart chart_1 is left out: .*URL/);
    expect(JSON.stringify(nb)).not.toContain('x.test');
    // Triple quotes or a backslash in SQL: JSON's string syntax, which Python reads the same.
    expect(pythonString('SELECT \'a\\b\' AS """x"""')).toBe(
      JSON.stringify('SELECT \'a\\b\' AS """x"""'),
    );
    expect(pythonString('SELECT 1')).toBe('"""SELECT 1"""');
  });
});
