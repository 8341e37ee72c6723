/**
 * The rows grid's sort, filters and search (core/data/grid-view.ts) as SQL on a real DuckDB: the
 * rows each view keeps, and their order, against what plain JavaScript makes of the same data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../src/core/data/engine.ts';
import {
  excluding,
  PLAIN_VIEW,
  withFilter,
  withSearch,
  type GridView,
} from '../../src/core/data/grid-view.ts';
import { countSql, pageSql, viewSql } from '../../src/core/sql/grid-sql.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

interface Sale {
  id: number;
  city: string | null;
  amount: number | null;
  sold: string; // TIMESTAMP as text
  day: string; // DATE as text
}

/** 1,000 sales with many ties in city and amount, some NULLs, and a few awkward names. */
const CITIES = ['Paris', 'Lyon', 'São Paulo', '100% Cotton Ltd', "O'Brien & Co", null];
const sales: Sale[] = Array.from({ length: 1000 }, (_, i) => ({
  id: i + 1,
  city: CITIES[(i * 7) % CITIES.length] ?? null,
  amount: i % 13 === 0 ? null : ((i * 37) % 50) * 2.5,
  sold: `2024-03-${String(1 + (i % 31)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:15:00`,
  day: `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
}));

let db: NativeDuckDB;
let schema: ResultColumn[];

beforeAll(async () => {
  db = await openNativeDuckDB();
  await db.run(
    'CREATE TABLE "sales data" (id INTEGER, city VARCHAR, amount DOUBLE, sold TIMESTAMP, day DATE)',
  );
  const lit = (v: string | number | null) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`;
  await db.run(
    `INSERT INTO "sales data" VALUES ${sales
      .map((s) => `(${[s.id, s.city, s.amount, s.sold, s.day].map(lit).join(', ')})`)
      .join(', ')}`,
  );
  schema = await db.describe('sales data');
});

afterAll(() => db?.close());

/** The ids the view keeps, read page by page as the grid reads them. */
async function idsOf(view: GridView, pageRows = 64): Promise<number[]> {
  const [{ n }] = (await db.run(countSql('sales data', view, schema))) as [{ n: unknown }];
  const ids: number[] = [];
  for (let offset = 0; offset < Number(n); offset += pageRows) {
    const rows = await db.run(pageSql('sales data', view, schema, pageRows, offset));
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return ids;
}

const idsWhere = (keep: (s: Sale) => boolean) => sales.filter(keep).map((s) => s.id);

describe('the rows grid, by DuckDB', () => {
  it('sorts by a column with ties, page after page, never repeating or losing a row', async () => {
    const ids = await idsOf({ ...PLAIN_VIEW, sort: { column: 'amount', descending: true } });
    expect(new Set(ids).size).toBe(sales.length);
    const expected = [...sales]
      .sort((a, b) =>
        a.amount === b.amount
          ? a.id - b.id
          : a.amount === null
            ? 1
            : b.amount === null
              ? -1
              : b.amount - a.amount,
      )
      .map((s) => s.id);
    expect(ids).toEqual(expected);
  });

  it('keeps a range of numbers, both bounds included, and leaves out the empty ones', async () => {
    const view = withFilter(PLAIN_VIEW, { kind: 'range', column: 'amount', from: '10', to: '25' });
    expect(await idsOf(view)).toEqual(
      idsWhere((s) => s.amount !== null && s.amount >= 10 && s.amount <= 25),
    );
  });

  it('reads "to" a date on a timestamp as the end of that day', async () => {
    const view = withFilter(PLAIN_VIEW, {
      kind: 'range',
      column: 'sold',
      from: '2024-03-10',
      to: '2024-03-12',
    });
    const kept = idsWhere(
      (s) => s.sold.slice(0, 10) >= '2024-03-10' && s.sold.slice(0, 10) <= '2024-03-12',
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(await idsOf(view)).toEqual(kept);
  });

  it('keeps one value, or the rows where it is empty, with a sort on top', async () => {
    const paris = withFilter(PLAIN_VIEW, { kind: 'value', column: 'city', value: "O'Brien & Co" });
    expect(await idsOf(paris)).toEqual(idsWhere((s) => s.city === "O'Brien & Co"));
    const none = withFilter(
      { ...PLAIN_VIEW, sort: { column: 'id', descending: true } },
      { kind: 'value', column: 'city', value: null },
    );
    expect(await idsOf(none)).toEqual(idsWhere((s) => s.city === null).reverse());
  });

  it('excludes a value and keeps the empty rows, as a spreadsheet does', async () => {
    const notObrien = excluding(PLAIN_VIEW, 'city', "O'Brien & Co");
    expect(await idsOf(notObrien)).toEqual(idsWhere((s) => s.city !== "O'Brien & Co"));
    expect(idsWhere((s) => s.city === null).length).toBeGreaterThan(0);
    // A second value of the same column narrows it further; empty, too, on request.
    const notLyon = excluding(notObrien, 'city', 'Lyon');
    expect(await idsOf(notLyon)).toEqual(
      idsWhere((s) => s.city !== "O'Brien & Co" && s.city !== 'Lyon'),
    );
    expect(await idsOf(excluding(notLyon, 'city', null))).toEqual(
      idsWhere((s) => s.city !== null && s.city !== "O'Brien & Co" && s.city !== 'Lyon'),
    );
  });

  it('excludes numbers, dates and timestamps as typed values, as the grid shows them', async () => {
    // The cells as the page has them: numbers as numbers (their String is what a menu passes),
    // dates and timestamps as DuckDB's text.
    const amount = sales[5]!.amount!;
    expect(await idsOf(excluding(PLAIN_VIEW, 'amount', String(amount)))).toEqual(
      idsWhere((s) => s.amount !== amount),
    );
    expect(await idsOf(excluding(PLAIN_VIEW, 'day', sales[0]!.day))).toEqual(
      idsWhere((s) => s.day !== sales[0]!.day),
    );
    expect(await idsOf(excluding(PLAIN_VIEW, 'sold', sales[3]!.sold))).toEqual(
      idsWhere((s) => s.sold !== sales[3]!.sold),
    );
    expect(await idsOf(excluding(PLAIN_VIEW, 'amount', null))).toEqual(
      idsWhere((s) => s.amount !== null),
    );
    // "Only rows where" a timestamp is one the grid showed.
    const only = withFilter(PLAIN_VIEW, { kind: 'value', column: 'sold', value: sales[3]!.sold });
    expect(await idsOf(only)).toEqual(idsWhere((s) => s.sold === sales[3]!.sold));
  });

  it('excludes within a range of the same column', async () => {
    const view = excluding(
      withFilter(PLAIN_VIEW, { kind: 'range', column: 'amount', from: '10', to: '25' }),
      'amount',
      '12.5',
    );
    expect(await idsOf(view)).toEqual(
      idsWhere((s) => s.amount !== null && s.amount >= 10 && s.amount <= 25 && s.amount !== 12.5),
    );
  });

  it('searches every column, ignoring case, taking % and _ as themselves', async () => {
    expect(await idsOf({ ...PLAIN_VIEW, search: 'são' })).toEqual(
      idsWhere((s) => s.city === 'São Paulo'),
    );
    expect(await idsOf({ ...PLAIN_VIEW, search: '100%' })).toEqual(
      idsWhere((s) => s.city === '100% Cotton Ltd' || String(s.id).includes('100%')),
    );
    expect(await idsOf({ ...PLAIN_VIEW, search: '_' })).toEqual([]);
  });

  it('finds a number typed as the grid shows it: grouped, or with a decimal comma', async () => {
    const english = { group: ',', decimal: '.' };
    const german = { group: '.', decimal: ',' };
    const french = { group: '\u202f', decimal: ',' };
    const shown = (n: number | null) => (n === null ? '' : String(n));
    expect(await idsOf(withSearch(PLAIN_VIEW, '1,000', english))).toEqual([1000]);
    expect(await idsOf(withSearch(PLAIN_VIEW, '1.000', german))).toEqual([1000]);
    // Typed with a plain space where the cells show a narrow no-break one.
    expect(await idsOf(withSearch(PLAIN_VIEW, '1 000', french))).toEqual([1000]);
    expect(await idsOf(withSearch(PLAIN_VIEW, '122,5', german))).toEqual(
      idsWhere((s) => shown(s.amount).includes('122.5') || String(s.id).includes('122,5')),
    );
    // Not a number in English: found only as text, which no cell holds.
    expect(await idsOf(withSearch(PLAIN_VIEW, '122,5', english))).toEqual([]);
  });

  it('combines filters and search, each narrowing the others', async () => {
    const view = withFilter(
      withFilter(
        { ...PLAIN_VIEW, search: 'lyon' },
        {
          kind: 'range',
          column: 'day',
          from: '2024-02-01',
          to: null,
        },
      ),
      { kind: 'range', column: 'amount', from: null, to: '50' },
    );
    expect(await idsOf(view)).toEqual(
      idsWhere(
        (s) => s.city === 'Lyon' && s.day >= '2024-02-01' && s.amount !== null && s.amount <= 50,
      ),
    );
  });

  it('opens in the SQL box as one statement that keeps the same rows, in the same order', async () => {
    const view = withFilter(
      excluding(
        { search: 'o', filters: [], sort: { column: 'amount', descending: false } },
        'city',
        "O'Brien & Co",
      ),
      { kind: 'range', column: 'day', from: '2024-02-01', to: null },
    );
    const sql = viewSql('sales data', view, schema);
    // What a person reads: no paging, no tie-break by a column they cannot see.
    expect(sql).not.toMatch(/LIMIT|OFFSET|rowid/);
    const rows = await db.run(sql);
    const amounts = rows.map((r) => (r.amount === null ? null : Number(r.amount)));
    const paged = await idsOf(view);
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      [...paged].sort((a, b) => a - b),
    );
    // Sorted as the grid was (ties in any order), the empty amounts last.
    const byId = new Map(sales.map((s) => [s.id, s.amount]));
    expect(amounts).toEqual(paged.map((id) => byId.get(id) ?? null));
    expect(await db.run(viewSql('sales data', PLAIN_VIEW, schema))).toHaveLength(sales.length);
  });

  it('refuses a bound that is not of the column’s type, in DuckDB’s words', async () => {
    const view = withFilter(PLAIN_VIEW, { kind: 'range', column: 'day', from: 'March', to: null });
    await expect(db.run(countSql('sales data', view, schema))).rejects.toThrow(/March/);
  });

  it('breaks ties by every column when the table has its own column named rowid', async () => {
    await db.run('CREATE TABLE odd AS SELECT 10 - (i % 3) AS rowid, i % 2 AS k FROM range(9) t(i)');
    const odd = await db.describe('odd');
    const sorted = { ...PLAIN_VIEW, sort: { column: 'k', descending: false } };
    const pages = [0, 4, 8].map((o) => pageSql('odd', sorted, odd, 4, o));
    const rows = (await Promise.all(pages.map((sql) => db.run(sql)))).flat();
    const expected = Array.from({ length: 9 }, (_, i) => ({ k: i % 2, rowid: 10 - (i % 3) }))
      .sort((a, b) => a.k - b.k || a.rowid - b.rowid)
      .map((r) => `${r.k}:${r.rowid}`);
    expect(rows.map((r) => `${r.k}:${r.rowid}`)).toEqual(expected);
  });
});
