/** The bounds a query runs within besides rows and time, and what the model is told of a wide result. */
import { describe, expect, it } from 'vitest';
import {
  cellCharsFor,
  columnsNote,
  MAX_CELL_CHARS,
  MAX_SQL_CHARS,
  statementTooLong,
  wasCut,
} from '../../src/core/sql/query-limits.ts';
import { resultQuery } from '../../src/core/sql/query-guard.ts';
import { compactResult } from '../../src/core/data/compact-result.ts';

describe('query limits', () => {
  it('keeps whole cells for narrow results and shortens them as results widen', () => {
    expect(cellCharsFor(1, 1001)).toBe(MAX_CELL_CHARS);
    expect(cellCharsFor(5, 1001)).toBe(MAX_CELL_CHARS);
    const at50 = cellCharsFor(50, 1001);
    expect(at50).toBeLessThan(MAX_CELL_CHARS);
    expect(at50 * 50 * 1001).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(cellCharsFor(1000, 1001)).toBe(100);
  });

  it('tells a cell that was cut from a value as stored (a grid cell makes no filter of it)', () => {
    const cut = cellCharsFor(700, 201);
    expect(wasCut(`${'x'.repeat(cut)}…`, 700, 201)).toBe(true);
    expect(wasCut(`${'x'.repeat(cut - 1)}…`, 700, 201)).toBe(false);
    expect(wasCut('x'.repeat(cut + 1), 700, 201)).toBe(false);
    // Past the columns a result shows, the cut is the one for those it shows.
    expect(wasCut(`${'x'.repeat(100)}…`, 5000, 1001)).toBe(true);
  });

  it('refuses a statement over the size limit, saying both sizes', () => {
    expect(statementTooLong('x'.repeat(MAX_SQL_CHARS))).toBeNull();
    expect(statementTooLong('x'.repeat(1_234_567))).toBe(
      'The query is 1,235 KB long; queries of up to 100 KB run here. Select fewer columns or put long value lists in a table.',
    );
  });

  it('notes a result cut to its first columns', () => {
    expect(columnsNote(1000)).toBeNull();
    expect(columnsNote(100_000)).toBe('Showing the first 1,000 of 100,000 columns.');
  });

  it('fetches only the first columns of a wider statement, naming all of them', () => {
    const text = resultQuery('SELECT 1, 2, 3', [{ name: 'a', type: 'INTEGER' }], 11, 100, 3);
    expect(text).toBe('SELECT c0 FROM (\nSELECT 1, 2, 3\n) AS q(c0, c1, c2) LIMIT 11');
  });
});

describe('a wide result as the model reads it', () => {
  const columns = Array.from({ length: 1000 }, (_, i) => ({ name: `c${i}`, type: 'INTEGER' }));
  const text = compactResult({
    columns,
    rows: [columns.map((_, i) => i)],
    totalRows: 1,
    totalColumns: 100_000,
  });

  it('says how many columns there were and asks for fewer', () => {
    expect(text).toContain(
      'The result has 100,000 columns; only the first 1,000 were fetched. Select the columns you need.',
    );
  });

  it('names the first 100 columns and counts the rest', () => {
    const head = text.split('\n').find((l) => l.startsWith('columns:')) ?? '';
    expect(head).toContain('c99 (INTEGER), … and 99,900 more');
    expect(head).not.toContain('c100 ');
  });
});
