/**
 * The notebook saved as Markdown (issue 48): each cell under its name, SQL fenced with the first
 * rows of its result, text as written with the state of each figure that did not hold, charts as
 * specs after the report's check — and nothing a previewer would fetch or run.
 */
import { describe, expect, it } from 'vitest';
import type { CellView } from '../../src/core/events/notebook.ts';
import { anchorFigures, recheckFigures } from '../../src/core/figures/recheck.ts';
import { notebookMarkdown, NOTEBOOK_MD_ROWS } from '../../src/core/report/notebook-markdown.ts';

const run = (rows: (string | number)[][], columns = ['region', 'total']) => ({
  source: 'x',
  columns,
  rows,
  rowCount: rows.length,
  truncated: false,
  durationMs: 1,
  isError: false,
  at: 1,
});

describe('the notebook as Markdown', () => {
  it('writes each cell in order: SQL and its first rows, text with its findings, a chart’s spec', () => {
    const many = Array.from({ length: 30 }, (_, i) => [`r${i}`, i]);
    const sql: CellView = {
      cellId: 'a',
      kind: 'sql',
      name: 'by_region',
      source: 'SELECT region, total FROM sales',
      run: run([
        ['north', 30],
        ['south', 20],
      ]),
    };
    const long: CellView = { ...sql, cellId: 'b', name: 'all_rows', run: run(many) };
    const text = 'North sold 30 [@by_region]. <img src="https://x.test/a"> ![s](https://x.test/b)';
    const anchors = anchorFigures(text, new Map([['@by_region', sql.run!]]));
    const changed = new Map([['@by_region', run([['north', 35]])]]);
    const note: CellView = { cellId: 't', kind: 'text', name: 'text_1', source: text, run: null };
    const chart: CellView = {
      cellId: 'c',
      kind: 'chart',
      name: 'chart_1',
      of: 'a',
      source: JSON.stringify({ mark: 'bar', encoding: { x: { field: 'region' } } }),
      run: null,
    };
    const md = notebookMarkdown({
      title: 'Sales',
      tables: [{ name: 'sales', fileName: 'sales.csv', rows: 2 }],
      cells: [sql, long, note, chart],
      checks: new Map([['t', recheckFigures(text, anchors, changed)]]),
      at: new Date('2026-12-03T10:00:00Z'),
    });
    expect(md).toContain('# Sales — notebook');
    expect(md).toContain(
      '_Exported from Sift on 2026-12-03. Tables: `sales` (sales.csv, 2 rows)._',
    );
    expect(md).toContain('## by_region\n\n```sql\nSELECT region, total FROM sales\n```');
    expect(md).toContain('| north | 30 |');
    expect(md).toContain(`_30 rows; the first ${NOTEBOOK_MD_ROWS} shown._`);
    expect(md).not.toContain('| r20 |');
    expect(md).toContain('North sold 30 _(now 35)_ [@by_region]');
    // Inert: no tag, no image.
    expect(md).toContain('&lt;img src="https://x.test/a">');
    expect(md).toContain('\\[image: s\\] (https://x.test/b)');
    expect(md).toContain('## chart_1\n\nDrawn from `by_region`.\n\n```vega-lite\n');
    expect(md).toContain('"region": "north"');
  });

  it('leaves out a chart spec that would fetch, and says why', () => {
    const sql: CellView = { cellId: 'a', kind: 'sql', name: 'n', source: 'SELECT 1', run: null };
    const chart: CellView = {
      cellId: 'c',
      kind: 'chart',
      name: 'chart_1',
      of: 'a',
      source: JSON.stringify({ mark: 'image', encoding: { url: { value: 'https://x.test/c' } } }),
      run: null,
    };
    const md = notebookMarkdown({
      title: 't',
      tables: [],
      cells: [sql, chart],
      checks: new Map(),
      at: new Date(0),
    });
    expect(md).toContain('_Not run._');
    expect(md).toMatch(/_Its spec is left out: .*URL/);
    expect(md).not.toContain('https://x.test/c');
  });
});
