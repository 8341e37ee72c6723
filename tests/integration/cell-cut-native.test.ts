/**
 * The cut of long text in a result (core/sql/query-guard.ts, resultQuery) on a real DuckDB, and
 * how the page tells a cut cell from a value as stored (query-limits.ts, wasCut): accented text
 * shorter than the cut comes back whole and unmarked, and text with emoji longer than it is cut
 * and recognised as cut — so the grid's cell menu neither filters by a cut value nor refuses a
 * whole one (issue 33, a review of the cell menu).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultQuery } from '../../src/core/sql/query-guard.ts';
import { cellCharsFor, wasCut } from '../../src/core/sql/query-limits.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

let db: NativeDuckDB;
beforeAll(async () => {
  db = await openNativeDuckDB();
});
afterAll(() => db.close());

// A wide table's cut, as the grid reads 201 rows of 700 columns at a time.
const COLUMNS = 700;
const ROWS = 201;
const cut = cellCharsFor(COLUMNS, ROWS);

async function shown(value: string): Promise<string> {
  const literal = `'${value.replaceAll("'", "''")}'`;
  const sql = resultQuery(`SELECT ${literal} AS v`, [{ name: 'v', type: 'VARCHAR' }], 1, cut);
  const [row] = await db.run(sql);
  return String(row!.c0);
}

describe('a long text cell in a result', () => {
  it('shorter than the cut in characters, though longer in bytes, comes back whole', async () => {
    const accented = 'é'.repeat(cut);
    expect(new TextEncoder().encode(accented).length).toBeGreaterThan(cut);
    const text = await shown(accented);
    expect(text).toBe(accented);
    expect(wasCut(text, COLUMNS, ROWS)).toBe(false);
  });

  it('longer than the cut, with emoji, is cut at the cut and known to be', async () => {
    const value = '🌧'.repeat(cut + 20);
    const text = await shown(value);
    expect([...text]).toHaveLength(cut + 1);
    expect(text.endsWith('…')).toBe(true);
    expect(wasCut(text, COLUMNS, ROWS)).toBe(true);
  });

  it('of plain letters, exactly the cut long, comes back whole', async () => {
    const text = await shown('x'.repeat(cut));
    expect(text).toBe('x'.repeat(cut));
    expect(wasCut(text, COLUMNS, ROWS)).toBe(false);
  });
});
