/**
 * The loading ladder (workers/load-csv.ts) on native DuckDB with real files: DuckDB's own CSV
 * test data, vega-datasets and NUL-padded text. Regressions: a quoted field across
 * lines made the padded retry read fewer rows than DuckDB's reader; a few NUL bytes refused the
 * file; a file of JSON fragments became a table.
 */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectHead } from '../../src/core/data/file-head.ts';
import { loadCsv, notRecords, stripNuls } from '../../workers/load-csv.ts';
import { openNativeDuckDB, type NativeDuckDB } from '../helpers/native-duckdb.ts';

let db: NativeDuckDB;
const dir = mkdtempSync(join(tmpdir(), 'sift-load-'));
const fixture = (name: string) =>
  new URL(`../fixtures/duckdb-csv/${name}`, import.meta.url).pathname;

function file(name: string, bytes: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

beforeAll(async () => {
  db = await openNativeDuckDB();
});
afterAll(() => db?.close());

describe('the loading ladder on real files', () => {
  it('keeps the records DuckDB reads in evil_nullpadding_2.csv (regression: 2 rows instead of 3)', async () => {
    const path = fixture('evil_nullpadding_2.csv');
    const [own] = await db.run(`SELECT count(*) AS n FROM read_csv_auto('${path}')`);
    const loaded = await loadCsv(db.run, 'evil', path, 'evil_nullpadding_2.csv', 'utf-8');
    expect(await db.count('evil')).toBe(Number(own!.n));
    expect(await db.count('evil')).toBe(3);
    expect(loaded.columns.map((c) => c.original)).toEqual(['pedro', 'br', 'nl', '1.72']);
    expect(loaded.notes).toContain(
      'Rows do not all have the same number of fields; missing ones are NULL.',
    );
    expect(await db.run('SELECT pedro, br FROM evil')).toEqual([
      { pedro: 'mark', br: 'nl' },
      { pedro: 'diego', br: '"' },
      { pedro: 'pedro', br: 'nl"' },
    ]);
  });

  it('reads NUL-padded fields and removes the padding, saying so (regression: refused as binary)', async () => {
    const bytes = Buffer.from('id,name,code\n1,Alice\0\0\0,A1\n2,Bob\0\0\0\0,B2\n3,Carol,C3\0\0\n');
    const verdict = inspectHead(new Uint8Array(bytes), bytes.length);
    expect(verdict).toEqual({ kind: 'text', encoding: 'utf-8', nulBytes: 9 });
    const path = file('padded.csv', bytes);
    await loadCsv(db.run, 'padded', path, 'padded.csv', 'utf-8');
    const note = await stripNuls(db.run, 'padded', 9);
    expect(note).toBe(
      '9 NUL bytes (\\0) found in the first megabyte: removed from 3 text values, which they padded.',
    );
    expect(await db.run('SELECT name, code FROM padded ORDER BY id')).toEqual([
      { name: 'Alice', code: 'A1' },
      { name: 'Bob', code: 'B2' },
      { name: 'Carol', code: 'C3' },
    ]);
  });

  it('fails a load that is one column of JSON fragments, and passes real one-column data', async () => {
    // Not recognised from its head (it starts with a word), so it reaches DuckDB.
    const json = readFileSync(
      new URL('../../node_modules/vega-datasets/data/cars.json', import.meta.url),
    );
    const path = file('labelled.txt', Buffer.concat([Buffer.from('cars:\n'), json]));
    const loaded = await loadCsv(db.run, 'fragments', path, 'labelled.txt', 'utf-8');
    expect(await notRecords(db.run, 'fragments', loaded.columns)).toMatch(
      /single column of fragments.*save it as CSV/,
    );
    const names = file('names.csv', 'name\nAlice\nBob\n{curly} Carol\n');
    const plain = await loadCsv(db.run, 'names', names, 'names.csv', 'utf-8');
    expect(await notRecords(db.run, 'names', plain.columns)).toBeNull();
  });
});
