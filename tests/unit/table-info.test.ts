/**
 * A table's description in a kept database file (core/data/table-info.ts): what it takes for a
 * reopened session to use the file's copy of a table rather than read its file again.
 */
import { describe, expect, it } from 'vitest';
import type { TableInfo, TableProfile } from '../../src/core/data/engine.ts';
import {
  describeTable,
  keptTableOf,
  readFrom,
  READS_VERSION,
  RECIPE_LIMITS,
  tableInfoOf,
  withinLimits,
} from '../../src/core/data/table-info.ts';

const file = new File(['a;b\n1;2\n'], 'ledger.csv', { lastModified: 1_700_000_000_000 });
const table: TableInfo = {
  name: 'data',
  fileName: 'ledger.csv',
  fileBytes: file.size,
  fileModified: file.lastModified,
  rows: 1,
  columns: [
    { original: 'a', name: 'a' },
    { original: 'b', name: 'b' },
  ],
  format: 'csv',
  encoding: 'windows-1252',
  readAs: 'windows-1252',
  notes: [],
  loadMs: 12,
  database: 'x.db',
};

describe('a table taken from a database file', () => {
  it('comes back as it was described', () => {
    expect(tableInfoOf(describeTable(table))).toEqual(table);
  });

  it('comes back with its recipe; a recipe past the limits is not kept at all', () => {
    const recipe = [`CREATE TABLE "data" AS SELECT * FROM read_csv('ledger.csv')`];
    expect(tableInfoOf(describeTable({ ...table, recipe }))).toEqual({ ...table, recipe });
    const long = ['x'.repeat(RECIPE_LIMITS.statementChars + 1)];
    expect(withinLimits(long)).toBeUndefined();
    expect(withinLimits(Array.from({ length: RECIPE_LIMITS.statements + 1 }, () => 'x'))).toBe(
      undefined,
    );
    expect(withinLimits(recipe)).toBe(recipe);
    // Written past the limits by some other hand: not this Sift's description.
    expect(tableInfoOf(describeTable({ ...table, recipe: long }))).toBeNull();
  });

  it('brings its profile back, only when it is the profile of that table as it is', () => {
    const profile: TableProfile = {
      table: 'data',
      rows: 1,
      durationMs: 40,
      columns: ['a', 'b'].map((column) => ({
        column,
        type: 'BIGINT',
        nonNullCount: 1,
        uniqueCount: 1,
        min: '1',
        max: '1',
        typicalValues: [{ value: '1', count: 1 }],
        issues: [],
      })),
    };
    expect(keptTableOf(describeTable(table, profile))).toEqual({ table, profile });
    expect(keptTableOf(describeTable(table))).toEqual({ table });
    // Of another row count or table: the table is taken, its profile computed again.
    expect(keptTableOf(describeTable(table, { ...profile, rows: 2 }))).toEqual({ table });
    expect(keptTableOf(describeTable(table, { ...profile, table: 'other' }))).toEqual({ table });
    const oneColumn = { ...profile, columns: profile.columns.slice(0, 1) };
    expect(keptTableOf(describeTable(table, oneColumn))).toEqual({ table });
    // A profile that does not fit its shape is left out; the table is still taken.
    const broken = JSON.stringify({ reads: READS_VERSION, table, profile: { table: 'data' } });
    expect(keptTableOf(broken)).toEqual({ table });
  });

  it('is not taken when described by other readers, or not by Sift at all', () => {
    const other = JSON.stringify({ reads: READS_VERSION + 1, table });
    expect(tableInfoOf(other)).toBeNull();
    expect(tableInfoOf(JSON.stringify(table))).toBeNull();
    expect(tableInfoOf('{"reads": 1, "table": {"name": 3}}')).toBeNull();
    expect(tableInfoOf('not json')).toBeNull();
    expect(tableInfoOf(null)).toBeNull();
  });

  it('is taken only for the same file, read the same way', () => {
    const read = { encoding: 'windows-1252' as const };
    expect(readFrom(table, file, read)).toBe(true);
    const touched = new File([file], file.name, { lastModified: file.lastModified + 1 });
    expect(readFrom(table, touched, read)).toBe(false);
    const renamed = new File([file], 'ledger2.csv', { lastModified: file.lastModified });
    expect(readFrom(table, renamed, read)).toBe(false);
    expect(readFrom(table, file, {})).toBe(false);
    expect(readFrom(table, file, { ...read, asWritten: true })).toBe(false);
    expect(readFrom(table, file, { ...read, sheet: 'Sheet1' })).toBe(false);
    expect(readFrom({ ...table, asWritten: true }, file, { ...read, asWritten: true })).toBe(true);
  });
});
