/**
 * The rows grid's state (state/table-rows.svelte.ts) on a real DuckDB: a sort or filter shows the
 * rows DuckDB keeps, a view DuckDB refuses leaves the rows shown as they were with its reason, and
 * the next view asked for is right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell, QueryResult, SiftEngine, TableInfo } from '../../src/core/data/engine.ts';
import { PLAIN_VIEW, withFilter } from '../../src/core/data/grid-view.ts';
import { errorMessage } from '../../src/core/errors.ts';
import { TableRows } from '../../src/state/table-rows.svelte.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

let db: NativeDuckDB;
let table: TableInfo;

/** The grid's one call, `query`, answered by native DuckDB; rows as the worker gives them. */
function engineOf(native: NativeDuckDB): SiftEngine {
  const query = async (sql: string): Promise<QueryResult> => {
    try {
      const rows = await native.run(sql);
      const columns = Object.keys(rows[0] ?? {}).map((name) => ({ name, type: '' }));
      const cells = rows.map((r) => Object.values(r).map((v) => (v ?? null) as Cell));
      return {
        ok: true,
        columns,
        rows: cells,
        totalRows: cells.length,
        truncated: false,
        durationMs: 1,
      };
    } catch (e) {
      return { ok: false, kind: 'error', message: errorMessage(e), durationMs: 1 };
    }
  };
  // Native DuckDB runs each query to its end here: a cancel only means its answer is not wanted.
  return { query, cancel: async () => {} } as unknown as SiftEngine;
}

beforeAll(async () => {
  db = await openNativeDuckDB();
  await db.run(
    "CREATE TABLE t AS SELECT i AS n, DATE '2024-01-01' + CAST(i AS INTEGER) AS day, ['a','b','c'][i % 3 + 1] AS letter FROM range(500) r(i)",
  );
  const schema = await db.describe('t');
  table = {
    name: 't',
    fileName: 't.csv',
    fileBytes: 1,
    rows: 500,
    columns: schema.map((c) => ({ name: c.name })),
    schema,
    format: 'csv',
    encoding: 'utf-8',
    notes: [],
  } as unknown as TableInfo;
});

afterAll(() => db?.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the rows of a table, sorted and filtered by DuckDB', () => {
  it('counts and pages a filtered, sorted view', async () => {
    const rows = new TableRows(engineOf(db));
    rows.show(table);
    const view = withFilter(
      { ...PLAIN_VIEW, sort: { column: 'n', descending: true } },
      { kind: 'value', column: 'letter', value: 'b' },
    );
    expect(await rows.apply(view)).toBe(true);
    expect(rows.total).toBe(167);
    expect(rows.tableTotal).toBe(500);
    rows.ensure(0, 10);
    await settle();
    expect(rows.row(0)?.[0]).toBe(499);
    expect(rows.row(1)?.[0]).toBe(496);
  });

  it('keeps the rows shown when DuckDB refuses a view, then applies the next one', async () => {
    const rows = new TableRows(engineOf(db));
    rows.show(table);
    rows.ensure(0, 10);
    await settle();
    const before = rows.row(3);
    const bad = withFilter(PLAIN_VIEW, { kind: 'range', column: 'day', from: 'March', to: null });
    expect(await rows.apply(bad)).toBe(false);
    expect(rows.viewFailure?.details).toMatch(/March/);
    expect(rows.viewFailure?.message).toMatch(/shown as before/);
    expect(rows.view).toEqual(PLAIN_VIEW);
    expect(rows.total).toBe(500);
    expect(rows.row(3)).toEqual(before);
    const good = withFilter(PLAIN_VIEW, {
      kind: 'range',
      column: 'day',
      from: '2024-03-01',
      to: '2024-03-31',
    });
    expect(await rows.apply(good)).toBe(true);
    expect(rows.viewFailure).toBeNull();
    expect(rows.total).toBe(31);
    rows.ensure(0, 30);
    await settle();
    expect(rows.row(0)?.[0]).toBe(60); // 2024-01-01 + 60 days = 2024-03-01 (a leap year)
  });

  it('brings back a table’s view when its rows are shown again', async () => {
    const rows = new TableRows(engineOf(db));
    rows.show(table);
    await rows.apply({ ...PLAIN_VIEW, search: 'c' });
    expect(rows.total).toBe(166);
    rows.show(null);
    expect(rows.view).toEqual(PLAIN_VIEW);
    rows.show(table);
    await settle();
    expect(rows.view.search).toBe('c');
    expect(rows.total).toBe(166);
  });

  it('keeps a change made while another view is counted, and forgets views on leaving', async () => {
    const rows = new TableRows(engineOf(db));
    rows.show(table);
    const searched = rows.apply({ ...rows.wanted, search: 'b' });
    // A sort clicked before the search is counted is made to the search, not instead of it.
    const sorted = rows.apply({ ...rows.wanted, sort: { column: 'n', descending: true } });
    expect(await searched).toBe(false);
    expect(await sorted).toBe(true);
    expect(rows.view).toMatchObject({ search: 'b', sort: { column: 'n', descending: true } });
    expect(rows.total).toBe(167);
    rows.forget();
    rows.show(table);
    await settle();
    expect(rows.view).toEqual(PLAIN_VIEW);
    expect(rows.total).toBe(500);
  });
});
