/**
 * The profile's own SQL (src/core/sql/profile.ts, loaded through Vite by the caller) run by native
 * DuckDB column by column, as the worker runs it: the reference for "drop → profile complete".
 */
const { DuckDBInstance } = await import(process.env.SIFT_BENCH_NODE_API ?? '@duckdb/node-api');
import { performance } from 'node:perf_hooks';
import { median, sql } from './stats.mjs';

/** Rows as plain values, as the worker hands them to the profile (BIGINT as number, lists as arrays). */
function plain(v) {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  return v;
}

export async function nativeProfile(profileTable, file, { threads, runs }) {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const conn = await instance.connect();
  const run = async (text) =>
    (await conn.runAndReadAll(text)).getRowObjectsJS().map((r) => {
      const row = {};
      for (const [k, v] of Object.entries(r)) row[k] = plain(v);
      return row;
    });
  try {
    await run(`CREATE TABLE data AS SELECT * FROM read_csv(${sql(file)})`);
    const schema = (await run('DESCRIBE data')).map((r) => ({
      name: String(r.column_name),
      type: String(r.column_type),
    }));
    const [{ n }] = await run('SELECT count(*) AS n FROM data');
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      for (const column of schema) await profileTable(run, 'data', [column], Number(n));
      times.push(performance.now() - t0);
    }
    return { times, median: median(times) };
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
