/**
 * The notebook as the page drives it (state/notebook.svelte.ts, state/to-notebook.ts), on a
 * session's log and an engine that answers from this month's data: text cells whose findings are
 * checked again when Run all runs on next month's, a rename that the citations follow, a name a
 * table has refused with one that would do, Undo of a delete, and an answer sent to the notebook
 * with its citations pointing at cells. DuckDB itself runs the cells in the engine suite
 * (tests/engine-suite/notebook-cases.ts) and the browser test (tests/e2e/notebook.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { TableInfo } from '../../src/core/data/engine.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { notebookNote } from '../../src/core/agent/notebook-note.ts';
import { citableQueries } from '../../src/core/events/query-ids.ts';
import { Notebook } from '../../src/state/notebook.svelte.ts';
import { SessionLog } from '../../src/state/session-log.svelte.ts';
import { answerToNotebook, sessionQueries } from '../../src/state/to-notebook.ts';
import { FakeEngine, rowsResult } from '../helpers/fake-engine.ts';
import { qid, tid } from '../helpers/ids.ts';

type Month = Array<[string, number]>;

/** A notebook on a writer's log, its engine answering every query with `month.rows`. */
function notebookOf(events: AgentEvent[] = []) {
  const month: { rows: Month } = {
    rows: [
      ['north', 30],
      ['south', 20],
    ],
  };
  const engine = new FakeEngine(() => rowsResult(['region', 'total'], month.rows));
  const log = new SessionLog('writer', events);
  const sales = { name: 'sales', fileName: 'sales-oct.csv', fileBytes: 10, rows: 2 } as TableInfo;
  const tables = { now: [sales] };
  const notebook = new Notebook(log, { engine, tables: () => tables.now });
  return { notebook, log, month, engine, tables };
}

const BY_REGION = 'SELECT region, sum(amount) AS total FROM sales GROUP BY 1 ORDER BY 2 DESC';

describe('a notebook run on next month’s data', () => {
  it('says which findings hold, which changed and which can no longer be checked', async () => {
    const { notebook, month } = notebookOf();
    const sql = notebook.add('sql', BY_REGION, { name: 'by_region' })!;
    await notebook.run(sql);
    notebook.add('text', 'North sold 30 [@by_region]. South sold 20 [@by_region].');
    expect(notebook.findings).toEqual({ checked: 2, changed: 0, mismatch: 0, untraced: 0 });

    month.rows = [
      ['north', 35],
      ['south', 20],
    ];
    await notebook.runAll();
    expect(notebook.findings).toEqual({ checked: 1, changed: 1, mismatch: 0, untraced: 0 });
    const [text] = notebook.checks.values();
    expect(text!.figures.map((f) => [f.text, f.state, f.now ?? ''])).toEqual([
      ['30', 'changed', '35'],
      ['20', 'checked', ''],
    ]);

    month.rows = [['south', 21]];
    await notebook.runAll();
    expect(notebook.findings).toEqual({ checked: 0, changed: 1, mismatch: 1, untraced: 0 });
  });

  it('marks every result stale once another file is read in a table’s place, until it runs again', async () => {
    const { notebook, tables } = notebookOf();
    const sql = notebook.add('sql', BY_REGION)!;
    await notebook.run(sql);
    expect(notebook.stale.has(sql)).toBe(false);
    tables.now = [{ ...tables.now[0]!, fileName: 'sales-nov.csv', rows: 3 }];
    expect(notebook.stale.has(sql)).toBe(true);
    await notebook.runAll();
    expect(notebook.stale.has(sql)).toBe(false);
  });

  it('keeps the citations on a cell that is renamed, and refuses a table’s name with another', async () => {
    const { notebook } = notebookOf();
    const sql = notebook.add('sql', BY_REGION)!;
    await notebook.run(sql);
    const text = notebook.add('text', 'North sold 30 [@cell_1].')!;
    const later = notebook.add('sql', 'SELECT * FROM cell_1 WHERE total > 1')!;
    expect(notebook.rename(sql, 'sales')).toBe(
      'A table is named sales: a cell of that name would hide it from the cells after it. sales_2, say.',
    );
    expect(notebook.rename(sql, 'By Region')).toMatch(/by_region, say\.$/);
    expect(notebook.rename(sql, 'order')).toBe(
      "order is a word of SQL, which DuckDB would not read as a cell's name: order_cell, say.",
    );
    expect(notebook.rename(sql, 'by_region')).toBeNull();
    expect(notebook.cell(text)!.source).toBe('North sold 30 [@by_region].');
    expect(notebook.cell(later)!.source).toBe('SELECT * FROM by_region WHERE total > 1');
    expect(notebook.findings.checked).toBe(1);
  });

  it('runs a cell asked for during a Run all once that is over, not never', async () => {
    const { notebook } = notebookOf();
    notebook.add('sql', BY_REGION);
    const all = notebook.runAll();
    const late = notebook.add('sql', 'SELECT 1 AS one')!;
    const one = notebook.run(late);
    await Promise.all([all, one]);
    expect(notebook.cells.map((c) => c.run?.isError)).toEqual([false, false]);
  });

  it('brings a deleted cell back in its place, with its result, on Undo', async () => {
    const { notebook } = notebookOf();
    notebook.add('sql', 'SELECT 1');
    const second = notebook.add('sql', BY_REGION)!;
    notebook.add('text', 'Words.');
    await notebook.run(second);
    notebook.remove(second);
    expect(notebook.cells.map((c) => c.name)).toEqual(['cell_1', 'text_1']);
    notebook.undoRemove();
    expect(notebook.cells.map((c) => c.name)).toEqual(['cell_1', 'cell_2', 'text_1']);
    expect(notebook.cell(second)!.run?.rows).toEqual([
      ['north', 30],
      ['south', 20],
    ]);
    expect(notebook.stale.has(second)).toBe(false);
    expect(notebook.removed).toBeNull();
  });
});

describe('an answer sent to the notebook', () => {
  const turnId = tid('t1');
  const events: AgentEvent[] = [
    { type: 'turn_start', turnId, kind: 'question', question: 'q', model: 'm', at: 1 },
    {
      type: 'query_result',
      turnId,
      callId: 'c1',
      queryId: qid('Q1'),
      description: 'by region',
      query: BY_REGION,
      columns: ['region', 'total'],
      rows: [
        ['north', 30],
        ['south', 20],
      ],
      rowCount: 2,
      truncated: false,
      durationMs: 1,
      isError: false,
    },
  ];

  it('becomes a text cell citing a SQL cell of each query, its figures anchored there', async () => {
    const { notebook, log, month } = notebookOf(events);
    const made = answerToNotebook(
      notebook,
      'North leads with 30 [Q1]; `[Q1]` in code stays. Q9 is cited nowhere [Q9].',
      sessionQueries(log.view),
    );
    expect(notebook.cells.map((c) => [c.kind, c.name])).toEqual([
      ['sql', 'q1'],
      ['text', 'text_1'],
    ]);
    expect(notebook.cell(made.cell!)!.source).toBe(
      'North leads with 30 [@q1]; `[Q1]` in code stays. Q9 is cited nowhere [Q9].',
    );
    expect(made.run).toHaveLength(1);
    for (const id of made.run) await notebook.run(id);
    expect(notebook.findings.checked).toBe(1);
    // Sent again, it reuses the cell that holds the query's SQL.
    expect(answerToNotebook(notebook, 'Again 30 [Q1].', sessionQueries(log.view)).run).toEqual([]);
    month.rows = [['north', 31]];
    await notebook.runAll();
    expect(notebook.findings.changed).toBe(2);
  });

  it('keeps the anchor of a figure it cites from a notebook cell already', async () => {
    const { notebook, log, month } = notebookOf(events);
    await notebook.run(notebook.add('sql', BY_REGION, { name: 'by_region' })!);
    answerToNotebook(notebook, 'South has 20 [@by_region].', sessionQueries(log.view));
    expect(notebook.findings.checked).toBe(1);
    month.rows = [['south', 26]];
    await notebook.runAll();
    expect(notebook.findings).toMatchObject({ checked: 0, changed: 1 });
  });

  it('is told to the model, and its cells are citable in answers', async () => {
    const { notebook, log } = notebookOf();
    await notebook.run(notebook.add('sql', BY_REGION, { name: 'by_region' })!);
    const note = notebookNote(log.view.notebook, { rows: 20, bytes: 4_000 });
    expect(note).toContain('cite it as [@name]');
    expect(note).toContain(`Cell by_region:\n${BY_REGION}\nResult:`);
    expect(citableQueries(log.view).get('@by_region')?.rows).toEqual([
      ['north', 30],
      ['south', 20],
    ]);
  });
});
