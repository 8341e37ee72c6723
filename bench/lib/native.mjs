/**
 * The native reference: @duckdb/node-api (DuckDB 1.5.x) in this Node process, in memory, at a
 * given thread count. Ingest runs on a fresh instance each time; the aggregate on one loaded table.
 */
// SIFT_BENCH_NODE_API points at another @duckdb/node-api build (bench/lib/native-cli.mjs uses it
// to run DuckDB 1.4.3, the version inside duckdb-wasm 1.32, next to the project's 1.5.x).
const { DuckDBInstance } = await import(process.env.SIFT_BENCH_NODE_API ?? '@duckdb/node-api');
import { performance } from 'node:perf_hooks';
import { median, sql } from './stats.mjs';

async function fresh(threads) {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) });
  const conn = await instance.connect();
  return { instance, conn };
}

function close({ instance, conn }) {
  conn.closeSync();
  instance.closeSync();
}

/** Wall time, and this process's CPU time (DuckDB's threads included) while the statement ran. */
async function timed(conn, text) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const reader = await conn.runAndReadAll(text);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, rows: reader.getRowObjects() };
}

export async function nativeVersion() {
  const db = await fresh(1);
  const { rows } = await timed(db.conn, 'SELECT version() AS v');
  close(db);
  return String(rows[0].v);
}

/**
 * { ingestMs: [..], ingestMedian, rows, aggregateMs: [..], aggregateMedian, extra }
 */
export async function benchNative(file, { threads, runs, aggregateSql, aggregateRuns = 5 }) {
  const ingestMs = [];
  const ingestCpuMs = [];
  let rows = null;
  let aggregateMs = [];
  for (let i = 0; i < runs; i++) {
    const db = await fresh(threads);
    try {
      const t = await timed(db.conn, `CREATE TABLE data AS SELECT * FROM read_csv(${sql(file)})`);
      ingestMs.push(t.ms);
      ingestCpuMs.push(t.cpuMs);
      if (i === runs - 1) {
        rows = Number((await timed(db.conn, 'SELECT count(*) AS n FROM data')).rows[0].n);
        for (let k = 0; k < aggregateRuns; k++)
          aggregateMs.push((await timed(db.conn, aggregateSql)).ms);
      }
    } finally {
      close(db);
    }
  }
  const result = {
    threads,
    ingestMs,
    ingestMedian: median(ingestMs),
    ingestCpuMs,
    ingestCpuMedian: median(ingestCpuMs),
    rows,
    aggregateMs,
    aggregateMedian: median(aggregateMs),
  };
  return result;
}

/**
 * The app's load sequence (workers/load-csv.ts: sniff_csv, header row as text, CREATE with names,
 * count), natively, each step timed: the native side of the "where the time goes" split.
 * `sniffOnce` builds the CREATE from sniff_csv's own Prompt (auto_detect=false: no second sniff).
 */
export async function nativeAppSequence(file, { threads = 1, runs = 3, sniffOnce = false } = {}) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const db = await fresh(threads);
    try {
      const steps = {};
      const t0 = performance.now();
      const opt = "encoding = 'utf-8'";
      let r = await timed(
        db.conn,
        `SELECT HasHeader AS h, Delimiter AS d, Quote AS q, Escape AS e, SkipRows AS s, len(Columns) AS n, Prompt AS p FROM sniff_csv(${sql(file)}, ${opt})`,
      );
      steps.sniffMs = r.ms;
      const sniff = r.rows[0];
      const dialect = [`delim = ${sql(sniff.d)}`, `skip = ${Number(sniff.s ?? 0)}`];
      if (typeof sniff.q === 'string' && sniff.q.length === 1)
        dialect.push(`quote = ${sql(sniff.q)}`);
      if (typeof sniff.e === 'string' && sniff.e.length === 1)
        dialect.push(`escape = ${sql(sniff.e)}`);
      r = await timed(
        db.conn,
        `SELECT * FROM read_csv(${sql(file)}, ${opt}, header = false, all_varchar = true, ${dialect.join(', ')}) LIMIT 1`,
      );
      steps.headerMs = r.ms;
      const names = Object.values(r.rows[0]).map(String);
      const source = sniffOnce
        ? String(sniff.p)
            .replace(/^FROM /, '')
            .replace(/;\s*$/, '')
        : `read_csv(${sql(file)}, ${opt}, header = true, names = [${names.map(sql).join(', ')}])`;
      r = await timed(db.conn, `CREATE TABLE data AS SELECT * FROM ${source}`);
      steps.createMs = r.ms;
      r = await timed(db.conn, 'SELECT count(*) AS n FROM data');
      steps.countMs = r.ms;
      steps.rows = Number(r.rows[0].n);
      steps.totalMs = performance.now() - t0;
      all.push(steps);
    } finally {
      close(db);
    }
  }
  const keys = ['sniffMs', 'headerMs', 'createMs', 'countMs', 'totalMs'];
  return Object.fromEntries([
    ...keys.map((k) => [k, median(all.map((s) => s[k]))]),
    ['rows', all[0]?.rows],
    ['runs', all],
  ]);
}
