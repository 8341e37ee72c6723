/**
 * The profile counts the text values that read as numbers (src/core/sql/profile.ts, asNumber)
 * with a cheap test of how each value begins before the TRY_CAST, which is slow in DuckDB-WASM
 * when it fails. The test must let through every value the cast accepts: here every Basic
 * Multilingual Plane character is put before a few number-like endings, and awkward cases are
 * added by hand, in native DuckDB and in duckdb-wasm's own build, and the two counts must agree
 * value by value.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { asNumber, statsSql } from '../../src/core/sql/profile.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';

const AWKWARD = [
  'inf',
  'Infinity',
  '-nan',
  ' +.5e-3 ',
  '1_000',
  '0x1F',
  '١٢',
  '１２',
  '1,5',
  'NaN',
  '-Inf',
  '+infinity',
  ' 5',
  '5 ',
  '  ',
  '.',
  '-',
  'e',
  '1e',
  '1e+',
  '0b101',
  '1.',
  '.e1',
  '5d',
  'North',
];

/** Every BMP character but the surrogates before each ending, and the awkward values. */
const CORPUS = `CREATE TABLE corpus AS
  SELECT chr(i::INTEGER) || s AS v
  FROM range(1, 65536) t(i), (VALUES ('5'), ('.5'), ('nf'), ('0x1F'), ('')) u(s)
  WHERE i < 55296 OR i > 57343
  UNION ALL SELECT unnest([${AWKWARD.map((v) => `'${v}'`).join(', ')}])
  UNION ALL SELECT chr(11) || '5' UNION ALL SELECT chr(160) || chr(9) || '5'`;

const DISAGREEING = `SELECT count(*) AS n FROM corpus
  WHERE (TRY_CAST(trim(v) AS DOUBLE) IS NULL) <> (${asNumber('v')} IS NULL)`;

type Run = (sql: string) => Promise<Record<string, unknown>[]>;

async function check(run: Run) {
  await run(CORPUS);
  const [disagreeing] = await run(DISAGREEING);
  expect(Number(disagreeing?.n)).toBe(0);
  // The profile's own statement counts what the cast counts.
  const [exact] = await run('SELECT count(TRY_CAST(trim(v) AS DOUBLE)) AS n FROM corpus');
  const [stats] = await run(statsSql('corpus', [{ name: 'v', type: 'VARCHAR' }], 0));
  expect(Number(stats?.nt_0)).toBe(Number(exact?.n));
  // Numbers were found, so the check is not vacuous.
  expect(Number(exact?.n)).toBeGreaterThan(50);
}

describe('the profile reads a text value as a number exactly as TRY_CAST does', () => {
  let native: NativeDuckDB | undefined;
  afterAll(() => native?.close());

  it('in native DuckDB', async () => {
    native = await openNativeDuckDB();
    await check(native.run);
  });

  it("in duckdb-wasm's build, the page's engine", async () => {
    const { db, dispose } = await bootNodeEngine();
    try {
      const conn = await db.connect();
      await check(async (sql) => (await conn.query(sql)).toArray().map((r) => r.toJSON()));
    } finally {
      dispose();
    }
  });
});
