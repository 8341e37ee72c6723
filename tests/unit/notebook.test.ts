/**
 * The notebook's cells as the log folds them, and the SQL a cell runs: earlier cells it reads by
 * name as common table expressions, and which cells are stale (issue 48). Run on native DuckDB in
 * the browser test (tests/e2e/notebook.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { foldNotebook, type CellView, type NotebookEvent } from '../../src/core/events/notebook.ts';
import {
  cannotRun,
  cellError,
  cellQuery,
  readsOf,
  renamedReads,
  staleCells,
} from '../../src/core/sql/notebook-sql.ts';

const set = (
  cellId: string,
  name: string,
  source: string,
  after?: string | null,
): NotebookEvent => ({
  type: 'cell_set',
  cellId,
  kind: 'sql',
  name,
  source,
  ...(after === undefined ? {} : { after }),
  at: 1,
});
const fold = (events: NotebookEvent[]) => events.reduce<CellView[]>(foldNotebook, []);
const names = (cells: CellView[]) => cells.map((c) => c.name);

describe('the cells', () => {
  it('go last, first or after the one named, and keep their place when changed', () => {
    const cells = fold([
      set('a', 'a', '1'),
      set('b', 'b', '2'),
      set('c', 'c', '3', null),
      set('d', 'd', '4', 'a'),
      set('a', 'renamed', 'SELECT 9'),
    ]);
    expect(names(cells)).toEqual(['c', 'renamed', 'd', 'b']);
    expect(cells[1]).toMatchObject({ source: 'SELECT 9', run: null });
  });

  it('move one place, not past either end, and go when removed', () => {
    const base = [set('a', 'a', '1'), set('b', 'b', '2'), set('c', 'c', '3')];
    expect(names(fold([...base, { type: 'cell_moved', cellId: 'c', by: -1, at: 2 }]))).toEqual([
      'a',
      'c',
      'b',
    ]);
    expect(names(fold([...base, { type: 'cell_moved', cellId: 'a', by: -1, at: 2 }]))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(names(fold([...base, { type: 'cell_removed', cellId: 'b', at: 2 }]))).toEqual([
      'a',
      'c',
    ]);
  });

  it('keep their last run', () => {
    const [cell] = fold([
      set('a', 'a', 'SELECT 1 AS x'),
      {
        type: 'cell_ran',
        cellId: 'a',
        source: 'SELECT 1 AS x',
        columns: ['x'],
        rows: [[1]],
        rowCount: 1,
        truncated: false,
        durationMs: 2,
        isError: false,
        at: 3,
      },
    ]);
    expect(cell!.run).toMatchObject({ columns: ['x'], rows: [[1]], rowCount: 1 });
  });
});

const cell = (name: string, source: string, ran?: string): CellView => ({
  cellId: name,
  kind: 'sql',
  name,
  source,
  run:
    ran === undefined
      ? null
      : {
          source: ran,
          columns: [],
          rows: [],
          rowCount: 0,
          truncated: false,
          durationMs: 0,
          isError: false,
          at: 0,
        },
});

describe("a cell's SQL", () => {
  const revenue = cell('revenue', 'SELECT region, sum(amount) AS total FROM data GROUP BY region;');
  const top = cell('top', 'SELECT * FROM revenue ORDER BY total DESC LIMIT 1');
  const share = cell(
    'share',
    'SELECT t.region, t.total / (SELECT sum(total) FROM revenue) FROM top t',
  );

  it('is its own when it reads no other cell', () => {
    expect(cellQuery([revenue], 0)).toBe(
      'SELECT region, sum(amount) AS total FROM data GROUP BY region',
    );
  });

  it('reads earlier cells by name, those they read first, each once', () => {
    const cells = [revenue, top, share];
    expect(readsOf(cells, 2).map((c) => c.name)).toEqual(['revenue', 'top']);
    expect(cellQuery(cells, 2)).toBe(
      [
        'WITH revenue AS (',
        'SELECT region, sum(amount) AS total FROM data GROUP BY region',
        '),',
        'top AS (',
        'SELECT * FROM revenue ORDER BY total DESC LIMIT 1',
        ')',
        share.source,
      ].join('\n'),
    );
  });

  it('puts its own WITH list after the earlier cells’, as one WITH', () => {
    const own = cell('own', 'with RECURSIVE n AS (SELECT 1) SELECT * FROM n, revenue');
    expect(cellQuery([revenue, own], 1)).toMatch(
      /^WITH RECURSIVE revenue AS \([^]*\),\nn AS \(SELECT 1\) SELECT \* FROM n, revenue$/,
    );
  });

  it('reads no later cell, and no name inside a longer one or in quotes', () => {
    const first = cell('first', 'SELECT * FROM second');
    const second = cell('second', 'SELECT 1');
    expect(readsOf([first, second], 0)).toEqual([]);
    const longer = cell('q', 'SELECT revenue_total, "revenue" FROM data');
    expect(readsOf([revenue, longer], 1)).toEqual([]);
    // A column's alias, a string and a comment name no cell.
    const words = cell('q', "SELECT sum(x) AS revenue, 'revenue' FROM data -- revenue");
    expect(readsOf([revenue, words], 1)).toEqual([]);
    expect(cannotRun([words, revenue], 0)).toBeNull();
  });

  it('reads a renamed cell by its new name: its reads rewritten, nothing else', () => {
    expect(
      renamedReads(
        "SELECT revenue.total AS revenue FROM revenue, revenues -- revenue\nWHERE x = 'revenue'",
        'revenue',
        'sales',
      ),
    ).toBe("SELECT sales.total AS revenue FROM sales, revenues -- revenue\nWHERE x = 'revenue'");
  });

  it('is refused, with the cells named, when it reads cells below it (no circle can form)', () => {
    const first = cell('first', 'SELECT * FROM second, third');
    const second = cell('second', 'SELECT * FROM first');
    const third = cell('third', 'SELECT 1');
    expect(cannotRun([first, second, third], 0)).toBe(
      'first reads second and third, which come after it: a cell reads only the cells above it. Move first below them, or them above first.',
    );
    expect(cannotRun([first, second, third], 1)).toBeNull();
    // Text and chart cells have names, not results: a word in SQL that names one is not a read.
    expect(cannotRun([first, { ...second, kind: 'text' }, third], 0)).toMatch(
      /^first reads third,/,
    );
  });
});

describe('stale cells', () => {
  it('are those never run, changed since, or reading one that is', () => {
    const revenue = cell('revenue', 'SELECT 1 AS total', 'SELECT 1 AS total');
    const top = cell('top', 'SELECT * FROM revenue');
    const ranTop = { ...top, run: { ...revenue.run!, source: cellQuery([revenue, top], 1) } };
    expect(staleCells([revenue, ranTop])).toEqual(new Set());
    expect(staleCells([revenue, top])).toEqual(new Set(['top']));
    const edited = { ...revenue, source: 'SELECT 2 AS total' };
    expect(staleCells([edited, ranTop])).toEqual(new Set(['revenue', 'top']));
  });
});

describe("a cell's error", () => {
  it("names the cell's own lines, not the statement's with the earlier cells before them", () => {
    const revenue = cell(
      'revenue',
      'SELECT region, sum(amount) AS total\nFROM data GROUP BY region',
    );
    const top = cell('top', 'SELECT totl\nFROM revenue');
    const cells = [revenue, top];
    expect(cellQuery(cells, 1).split('\n')).toHaveLength(6);
    const duckdb =
      'Binder Error: Referenced column "totl" not found\n\nLine 5: SELECT totl\n       ^';
    expect(cellError(duckdb, cells, 1)).toBe(
      'Binder Error: Referenced column "totl" not found\n\nLine 1: SELECT totl\n       ^',
    );
    expect(cellError('Parser Error: x\n\nLine 3: FROM data', cells, 1)).toContain(
      'In an earlier cell it reads: FROM data',
    );
    expect(cellError('Error\n\nLine 1: SELECT totl', [top], 0)).toBe(
      'Error\n\nLine 1: SELECT totl',
    );
  });
});
