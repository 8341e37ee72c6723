/**
 * The data tab's rows (state/table-rows.svelte.ts): a page is read when the grid reaches it,
 * once; a page that arrives after another table was chosen is dropped; a failed read says so and
 * is tried again; the longest text of each column is measured once a table, from its first page.
 */
import { describe, expect, it } from 'vitest';
import type { QueryResult, TableInfo } from '../../src/core/data/engine.ts';
import { PAGE_ROWS, TableRows } from '../../src/state/table-rows.svelte.ts';
import { tableEngine, until } from '../helpers/test-platform.ts';
import { startWidth } from '../../src/components/workspace/grid/column-widths.ts';

const table = (name: string, rows: number): TableInfo => ({
  name,
  fileName: `${name}.csv`,
  fileBytes: 1,
  rows,
  columns: [{ original: 'n', name: 'n' }],
  format: 'csv',
  encoding: 'utf-8',
  notes: [],
  loadMs: 1,
});

/** DuckDB's answer to a count of `n` rows. */
const counted = (n: number): QueryResult => ({
  ok: true,
  columns: [],
  rows: [[n]],
  totalRows: 1,
  truncated: false,
  durationMs: 1,
});

/** An engine whose table `t` has rows 0…n-1, reading each page as its SQL asks. */
function rowsEngine(fail = false) {
  const asked: string[] = [];
  const engine = {
    ...tableEngine(),
    query: async (sql: string): Promise<QueryResult> => {
      asked.push(sql);
      if (fail) return { ok: false, kind: 'error', message: 'disk gone', durationMs: 0 };
      const offset = Number(/OFFSET (\d+)/.exec(sql)![1]);
      const rows = Array.from({ length: PAGE_ROWS }, (_, i) => [offset + i]);
      return { ok: true, columns: [], rows, totalRows: PAGE_ROWS, truncated: false, durationMs: 1 };
    },
  };
  return { engine, asked };
}

describe('TableRows', () => {
  it('reads the pages the grid reaches, once each', async () => {
    const { engine, asked } = rowsEngine();
    const rows = new TableRows(engine);
    rows.show(table('t', 1000));
    rows.ensure(0, 30);
    rows.ensure(10, 40);
    await until(() => rows.row(0) !== undefined);
    expect(asked).toEqual([`SELECT * FROM "t" LIMIT ${PAGE_ROWS} OFFSET 0`]);
    rows.ensure(PAGE_ROWS * 4 + 5, PAGE_ROWS * 6);
    await until(() => rows.row(PAGE_ROWS * 4 + 5) !== undefined);
    expect(rows.row(PAGE_ROWS * 4 + 5)).toEqual([PAGE_ROWS * 4 + 5]);
    // Past the last row nothing is asked for.
    expect(asked).toHaveLength(2);
  });

  it('drops a page that arrives for the table no longer shown', async () => {
    const { engine } = rowsEngine();
    const rows = new TableRows(engine);
    rows.show(table('a', 500));
    rows.ensure(0, 10);
    rows.show(table('b', 500));
    await new Promise((r) => setTimeout(r, 10));
    expect(rows.table).toBe('b');
    expect(rows.row(0)).toBeUndefined();
  });

  it('says when a page cannot be read, and asks again next time', async () => {
    const { engine, asked } = rowsEngine(true);
    const rows = new TableRows(engine);
    rows.show(table('t', 10));
    rows.ensure(0, 5);
    await until(() => rows.error !== null);
    expect(rows.error).toMatch(/disk gone/);
    rows.ensure(0, 5);
    await until(() => asked.length === 2);
  });

  it('hands the SQL box the view the toolbar shows, while DuckDB still counts it', async () => {
    let release: (() => void) | undefined;
    const engine = {
      ...tableEngine(),
      query: async (): Promise<QueryResult> => {
        await new Promise<void>((r) => (release = r));
        return counted(3);
      },
    };
    const rows = new TableRows(engine);
    rows.show(table('t', 10));
    expect(rows.wantedSql()).toBe('SELECT * FROM "t"');
    const applied = rows.apply({
      sort: null,
      filters: [{ kind: 'value', column: 'n', value: '7' }],
      search: '',
    });
    await until(() => release !== undefined);
    // The chip is shown and the count not back: the SQL carries the filter already.
    expect(rows.applying).toBe(true);
    expect(rows.wantedSql()).toMatch(/^SELECT \* FROM "t" WHERE .*'7'/);
    release!();
    expect(await applied).toBe(true);
    expect(rows.wantedSql()).toMatch(/WHERE .*'7'/);
  });

  it('measures the longest text of each column once a table, so a sort does not move them', async () => {
    const names = ['Oslo', 'Zürich', 'Rio de Janeiro'];
    let sorted = false;
    const engine = {
      ...tableEngine(),
      query: async (sql: string): Promise<QueryResult> => {
        if (/count\(\*\)/i.test(sql)) return counted(3);
        // Once sorted, the first page holds a longer name than the table's first rows did.
        const rows = (sorted ? ['Llanfairpwllgwyngyll-gogerychwyrn', ...names] : names).map(
          (city, i) => [city, i, i % 2 === 0 ? null : 'ab'],
        );
        return {
          ok: true,
          columns: [],
          rows,
          totalRows: rows.length,
          truncated: false,
          durationMs: 1,
        };
      },
    };
    const rows = new TableRows(engine);
    const cities: TableInfo = {
      ...table('cities', 3),
      columns: ['city', 'n', 'code'].map((name) => ({ original: name, name })),
    };
    rows.show(cities);
    rows.ensure(0, 2);
    await until(() => rows.row(0) !== undefined);
    // Characters, not bytes: "Zürich" is 6; a number as it is shown ("2").
    expect(Object.fromEntries(rows.textLengths)).toEqual({ city: 14, n: 1, code: 2 });
    expect(Object.fromEntries(rows.places)).toEqual({ n: 0 });
    sorted = true;
    await rows.apply({ sort: { column: 'city', descending: true }, filters: [], search: '' });
    rows.ensure(0, 2);
    await until(() => rows.row(0)?.[0] === 'Llanfairpwllgwyngyll-gogerychwyrn');
    expect(rows.textLengths.get('city')).toBe(14);
    // Another table and back: the first table's lengths come back with it.
    rows.show(table('other', 5));
    expect(rows.textLengths.size).toBe(0);
    rows.show(cities);
    expect(rows.textLengths.get('city')).toBe(14);
  });
});

describe('a table read again under its name', () => {
  /** An engine whose table `t` has one column of a given type, each page from its SQL. */
  function readEngine() {
    const asked: string[] = [];
    let letter = 'è';
    const engine = {
      ...tableEngine(),
      query: async (sql: string): Promise<QueryResult> => {
        asked.push(sql);
        if (/count\(\*\)/i.test(sql)) return counted(2);
        const rows = [
          [`Cr${letter}merie`, 1],
          ['Café', 2],
        ];
        return { ok: true, columns: [], rows, totalRows: 2, truncated: false, durationMs: 1 };
      },
    };
    return { engine, asked, reread: (to: string) => (letter = to) };
  }
  const read = (
    encoding: 'windows-1252' | 'windows-1250',
    amount: string,
    loadMs: number,
  ): TableInfo => ({
    ...table('t', 2),
    columns: ['client', 'amount'].map((name) => ({ original: name, name })),
    schema: [
      { name: 'client', type: 'VARCHAR' },
      { name: 'amount', type: amount },
    ],
    encoding,
    loadMs,
  });

  it('reads its rows anew, and keeps a view whose columns mean what they did', async () => {
    const { engine, asked, reread } = readEngine();
    const rows = new TableRows(engine);
    rows.show(read('windows-1252', 'DECIMAL(18,2)', 5));
    rows.ensure(0, 1);
    await until(() => rows.row(0) !== undefined);
    await rows.apply({ sort: { column: 'client', descending: false }, filters: [], search: '' });
    rows.widths.set('client', 300);
    // The same read again (its schema object new) changes nothing, asks nothing.
    const before = asked.length;
    rows.show({ ...read('windows-1252', 'DECIMAL(18,2)', 5) });
    expect(asked).toHaveLength(before);

    reread('č');
    rows.show(read('windows-1250', 'DECIMAL(18,2)', 9));
    expect(rows.row(0)).toBeUndefined();
    // The kept sort is applied again (counted first); then the grid asks for its rows.
    await until(() => rows.view.sort !== null && !rows.applying);
    rows.ensure(0, 1);
    await until(() => rows.row(0) !== undefined);
    expect(rows.row(0)?.[0]).toBe('Crčmerie');
    expect(rows.view.sort).toEqual({ column: 'client', descending: false });
    expect(rows.widths.get('client')).toBe(300);
  });

  it('takes off a view on a column whose type changed, or that is gone', async () => {
    const { engine } = readEngine();
    const rows = new TableRows(engine);
    rows.show(read('windows-1252', 'DECIMAL(18,2)', 5));
    await rows.apply({
      sort: null,
      filters: [{ kind: 'range', column: 'amount', from: '10', to: '250' }],
      search: '',
    });
    expect(rows.view.filters).toHaveLength(1);
    // Kept as written: the amounts are text, and a range of numbers would compare text.
    rows.show(read('windows-1252', 'VARCHAR', 9));
    expect(rows.view.filters).toEqual([]);
    await rows.apply({ sort: { column: 'amount', descending: true }, filters: [], search: '' });
    rows.show({
      ...read('windows-1252', 'VARCHAR', 12),
      columns: [{ original: 'client', name: 'client' }],
    });
    expect(rows.view.sort).toBeNull();
  });
});

describe('the grid’s starting widths', () => {
  it('fit short text narrower and long text wider than the width text has before it is read', () => {
    const unread = startWidth('city', 'VARCHAR');
    expect(startWidth('city', 'VARCHAR', 7)).toBeLessThan(unread);
    expect(startWidth('city', 'VARCHAR', 40)).toBeGreaterThan(unread);
    // Capped: a paragraph does not take the screen.
    expect(startWidth('city', 'VARCHAR', 4000)).toBe(startWidth('city', 'VARCHAR', 400));
    // The header's name and controls still fit over a one-letter column.
    expect(startWidth('a_long_column_name', 'VARCHAR', 1)).toBe(
      startWidth('a_long_column_name', 'VARCHAR', 2),
    );
    expect(startWidth('a_long_column_name', 'VARCHAR', 1)).toBeGreaterThan(
      startWidth('x', 'VARCHAR', 1),
    );
    // Dates keep the width of their type, whatever their text; a number is as wide as its
    // widest as shown (issue 45: `2,338.9|4` was cut at the edge), never narrower than its type.
    expect(startWidth('d', 'DATE', 30)).toBe(startWidth('d', 'DATE'));
    expect(startWidth('n', 'BIGINT', 3)).toBe(startWidth('n', 'BIGINT'));
    const wide = startWidth('amount', 'DOUBLE', '-12,345,678.94'.length);
    expect(wide).toBeGreaterThan(startWidth('amount', 'DOUBLE'));
    expect(wide).toBeGreaterThanOrEqual(Math.ceil('-12,345,678.94'.length * 7.65));
  });
});
