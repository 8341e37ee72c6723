/**
 * The rows grid's view as words and SQL (core/data/grid-view.ts): the filters a cell's menu makes
 * ("Only rows where…", "Exclude…") and how they sit beside the column's own filter. What the SQL
 * keeps on a real DuckDB is in tests/integration/grid-view-native.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  describeFilter,
  excluding,
  keepFilterOf,
  PLAIN_VIEW,
  withFilter,
  withoutFilter,
  withSearch,
  type GridFilter,
} from '../../src/core/data/grid-view.ts';
import { countSql, whereOf } from '../../src/core/sql/grid-sql.ts';
import { searchedNumber } from '../../src/core/data/typed-number.ts';

const schema = [
  { name: 'weather', type: 'VARCHAR' },
  { name: 'temp', type: 'DOUBLE' },
  { name: 'day', type: 'DATE' },
];
const range: GridFilter = { kind: 'range', column: 'temp', from: '0', to: '20' };

describe('an exclusion made from a cell', () => {
  it('reads in plain words, one chip for every value left out of a column', () => {
    const one = excluding(PLAIN_VIEW, 'weather', 'sun');
    expect(one.filters.map(describeFilter)).toEqual(['weather is not sun']);
    const two = excluding(one, 'weather', 'rain');
    expect(two.filters.map(describeFilter)).toEqual(['weather is not sun or rain']);
    expect(excluding(two, 'weather', 'fog').filters.map(describeFilter)).toEqual([
      'weather is not sun, rain or fog',
    ]);
    expect(excluding(PLAIN_VIEW, 'location', null).filters.map(describeFilter)).toEqual([
      'location is not empty',
    ]);
    // The same value twice changes nothing.
    expect(excluding(two, 'weather', 'sun')).toBe(two);
  });

  it('keeps the empty rows, and leaves them out only when empty is excluded', () => {
    const view = excluding(excluding(PLAIN_VIEW, 'weather', 'sun'), 'weather', null);
    expect(whereOf(view, schema)).toBe(
      ` WHERE "weather" IS DISTINCT FROM 'sun' AND "weather" IS NOT NULL`,
    );
  });

  it('compares a value as the column’s type, quoting text as the value filter does', () => {
    expect(whereOf(excluding(PLAIN_VIEW, 'temp', '12.8'), schema)).toBe(
      ` WHERE "temp" IS DISTINCT FROM CAST('12.8' AS DOUBLE)`,
    );
    expect(whereOf(excluding(PLAIN_VIEW, 'day', '2012-01-01'), schema)).toBe(
      ` WHERE "day" IS DISTINCT FROM CAST('2012-01-01' AS DATE)`,
    );
    const odd = excluding(PLAIN_VIEW, 'weather', "x' OR 1=1 --");
    expect(countSql('t', odd, schema)).toBe(
      `SELECT count(*) AS n FROM "t" WHERE "weather" IS DISTINCT FROM 'x'' OR 1=1 --'`,
    );
  });

  it('narrows a range on its column, and goes when a value is chosen instead', () => {
    const both = excluding(withFilter(PLAIN_VIEW, range), 'temp', '12.8');
    expect(both.filters.map(describeFilter)).toEqual(['temp from 0 to 20', 'temp is not 12.8']);
    expect(keepFilterOf(both, 'temp')).toEqual(range);
    // Another range keeps the exclusion; a value replaces both.
    const wider = withFilter(both, { ...range, to: '30' });
    expect(wider.filters.map(describeFilter)).toEqual(['temp is not 12.8', 'temp from 0 to 30']);
    const only = withFilter(both, { kind: 'value', column: 'temp', value: '5' });
    expect(only.filters.map(describeFilter)).toEqual(['temp is 5']);
    // An exclusion replaces "only this value", which it would contradict.
    const flipped = excluding(only, 'temp', '5');
    expect(flipped.filters.map(describeFilter)).toEqual(['temp is not 5']);
  });

  it('is removed on its own, or with the column’s other filter', () => {
    const both = excluding(withFilter(PLAIN_VIEW, range), 'temp', '12.8');
    expect(withoutFilter(both, 'temp', 'not').filters).toEqual([range]);
    expect(withoutFilter(both, 'temp', 'keep').filters.map(describeFilter)).toEqual([
      'temp is not 12.8',
    ]);
    expect(withoutFilter(both, 'temp').filters).toEqual([]);
  });

  it('combines with the filters of other columns', () => {
    const view = excluding(
      withFilter(PLAIN_VIEW, { kind: 'value', column: 'weather', value: 'rain' }),
      'day',
      '2012-01-01',
    );
    expect(whereOf(view, schema)).toBe(
      ` WHERE "weather" = 'rain' AND "day" IS DISTINCT FROM CAST('2012-01-01' AS DATE)`,
    );
  });
});

describe('a search read as a number the person’s way', () => {
  const english = { group: ',', decimal: '.' };
  const german = { group: '.', decimal: ',' };
  const swiss = { group: '’', decimal: '.' };
  const french = { group: '\u202f', decimal: ',' };

  it('reads whole groups and the decimal mark, as DuckDB writes the number', () => {
    expect(searchedNumber('12,345.5', english)).toBe('12345.5');
    expect(searchedNumber(' -1,234,567 ', english)).toBe('-1234567');
    expect(searchedNumber('12.345,5', german)).toBe('12345.5');
    expect(searchedNumber('0,25', german)).toBe('0.25');
    expect(searchedNumber("12'345", swiss)).toBe('12345');
    expect(searchedNumber('12’345', swiss)).toBe('12345');
    expect(searchedNumber('12\u202f345,5', french)).toBe('12345.5');
    expect(searchedNumber('12 345,5', french)).toBe('12345.5');
  });

  it('leaves alone what is not such a number, or reads the same already', () => {
    expect(searchedNumber('12345', english)).toBeUndefined();
    expect(searchedNumber('3.14', english)).toBeUndefined();
    expect(searchedNumber('1,5', english)).toBeUndefined();
    expect(searchedNumber('1,2345', english)).toBeUndefined();
    expect(searchedNumber('Paris', english)).toBeUndefined();
    expect(searchedNumber('12,345.5', german)).toBeUndefined();
  });

  it('keeps the number with the search, and drops it with the next search', () => {
    const searched = withSearch(PLAIN_VIEW, '2,922', english);
    expect(searched).toEqual({ ...PLAIN_VIEW, search: '2,922', searchNumber: '2922' });
    expect(withSearch(searched, 'sun', english)).toEqual({ ...PLAIN_VIEW, search: 'sun' });
  });
});
