import { describe, expect, it } from 'vitest';
import { cleanColumnNames, tableNameFor } from '../../src/core/reading/column-names.ts';

/** True when no two names are equal ignoring case, as DuckDB compares them. */
const distinctIgnoringCase = (names: string[]) =>
  new Set(names.map((n) => n.toLowerCase())).size === names.length;

describe('cleanColumnNames', () => {
  it('keeps ordinary headers exactly as written', () => {
    expect(cleanColumnNames(['id', 'Order Date', 'Price (€)', 'a"b', 'x.y', 'Größe'])).toEqual([
      'id',
      'Order Date',
      'Price (€)',
      'a"b',
      'x.y',
      'Größe',
    ]);
  });

  it('trims white space around a header', () => {
    expect(cleanColumnNames(['  name ', '\tamount\t', '\r\nnotes\n'])).toEqual([
      'name',
      'amount',
      'notes',
    ]);
  });

  it('folds newlines, tabs, control characters and runs of spaces to one space', () => {
    expect(
      cleanColumnNames(['a\nb', 'first   last', 'x\t\ty', 'p\u0000q', 'u\u007fv', 'no\u00a0break']),
    ).toEqual(['a b', 'first last', 'x y', 'p q', 'u v', 'no break']);
  });

  it('names empty and blank headers column_N by their 1-based position', () => {
    expect(cleanColumnNames(['', 'b', '  ', '\n\t', 'e'])).toEqual([
      'column_1',
      'b',
      'column_3',
      'column_4',
      'e',
    ]);
  });

  it('names every column column_N when the file has no header row', () => {
    expect(cleanColumnNames([null, null, null])).toEqual(['column_1', 'column_2', 'column_3']);
  });

  it('numbers repeated headers _2, _3 in order of appearance', () => {
    expect(cleanColumnNames(['x', 'x', 'y', 'x'])).toEqual(['x', 'x_2', 'y', 'x_3']);
  });

  it('treats headers that differ only in case as duplicates, keeping each one’s spelling', () => {
    expect(cleanColumnNames(['Name', 'name', 'NAME'])).toEqual(['Name', 'name_2', 'NAME_3']);
  });

  it('never gives a duplicate a suffix that another header already has', () => {
    expect(cleanColumnNames(['a', 'a', 'a_2'])).toEqual(['a', 'a_3', 'a_2']);
    expect(cleanColumnNames(['a_2', 'a', 'a'])).toEqual(['a_2', 'a', 'a_3']);
    expect(cleanColumnNames(['v', 'V', 'v_2', 'V_3'])).toEqual(['v', 'V_4', 'v_2', 'V_3']);
  });

  it('treats headers that become equal after cleaning as duplicates', () => {
    expect(cleanColumnNames(['total', ' total', 'total\n'])).toEqual([
      'total',
      'total_2',
      'total_3',
    ]);
  });

  it('cuts very long headers to 120 characters and still keeps them distinct', () => {
    const long = 'x'.repeat(300);
    const names = cleanColumnNames([long, `${long}y`]);
    expect(names[0]).toBe('x'.repeat(120));
    expect(names[1]).toBe(`${'x'.repeat(120)}_2`);
  });

  it('always yields distinct names for messy real-world headers', () => {
    const originals = ['', '', 'column_2', 'A', 'a', 'a_2', ' a ', 'a\nb', 'a b', null, 'COLUMN_1'];
    const names = cleanColumnNames(originals);
    expect(names).toHaveLength(originals.length);
    expect(distinctIgnoringCase(names)).toBe(true);
    // eslint-disable-next-line no-control-regex -- asserting no control character survives
    expect(names.every((n) => n.trim() === n && n !== '' && !/[\u0000-\u001f]/.test(n))).toBe(true);
  });
});

describe('tableNameFor', () => {
  const none = new Set<string>();

  it('uses the lower-cased file name without its extension', () => {
    expect(tableNameFor('Sales.csv', none)).toBe('sales');
    // A compressed file is named for what it holds.
    expect(tableNameFor('people.tsv.gz', none)).toBe('people');
    expect(tableNameFor('orders 2024.CSV.GZ', none)).toBe('orders_2024');
    expect(tableNameFor('report.v2.csv.gz', none)).toBe('report_v2');
    expect(tableNameFor('README', none)).toBe('readme');
  });

  it('turns runs of other characters into single underscores, trimmed at the ends', () => {
    expect(tableNameFor('Q1 Sales (final) v2.csv', none)).toBe('q1_sales_final_v2');
    expect(tableNameFor('--weird--.tsv', none)).toBe('weird');
    expect(tableNameFor('archive.tar.gz', none)).toBe('archive_tar');
  });

  it('strips accents from letters', () => {
    // NFKD splits é into e + a combining accent; the accent must go, not become an underscore.
    expect(tableNameFor('Café Crème.csv', none)).toBe('cafe_creme');
    expect(tableNameFor('Müller Zürich.csv', none)).toBe('muller_zurich');
  });

  it('never starts a name with a digit', () => {
    expect(tableNameFor('2024 budget.csv', none)).toBe('t_2024_budget');
  });

  it('falls back to t when nothing usable is left', () => {
    expect(tableNameFor('данные.csv', none)).toBe('t');
    expect(tableNameFor('.csv', none)).toBe('t');
  });

  it('keeps names to a reasonable length', () => {
    expect(tableNameFor(`${'a'.repeat(100)}.csv`, none)).toBe('a'.repeat(48));
  });

  it('adds _2, _3… when the name is taken', () => {
    expect(tableNameFor('data.csv', new Set(['data']))).toBe('data_2');
    expect(tableNameFor('data.csv', new Set(['data', 'data_2', 'data_3']))).toBe('data_4');
    expect(tableNameFor('Sales.csv', new Set(['data']))).toBe('sales');
  });

  it('yields only lower-case letters, digits and underscores', () => {
    for (const file of [
      'Ünïcødé ☃ file!.csv',
      'a/b\\c.csv',
      'x;DROP TABLE y.csv',
      '"quoted".csv',
    ]) {
      expect(tableNameFor(file, none)).toMatch(/^[a-z_][a-z0-9_]*$/);
    }
  });
});
