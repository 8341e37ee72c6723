#!/usr/bin/env node
/**
 * Parquet and JSON ingest from the person's side (issue 16): the bench's 100 MB CSV written by
 * native DuckDB as Parquet (zstd, snappy), the 10 MB one as JSON Lines and a JSON array, and the
 * 100 MB one as JSON Lines too (its peak memory);
 * each chosen in the built app in a fresh Chromium once the engine is ready, timed in the page
 * from the file chosen to its table summary on screen; next to native DuckDB reading the same
 * file into a table (`read_parquet` / `read_json`, 1 thread and all threads) in the same run.
 *
 *   node bench/formats-ingest.mjs [--quick] [--runs N]
 *
 * --quick uses the 10 MB CSV for Parquet too. Expects dist/ built (npm run bench builds it). Raw
 * numbers go to bench/out/formats-ingest.json and the section "Parquet and JSON ingest" of
 * BENCHMARKS.md is rewritten.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { startPreview } from './lib/browser.mjs';
import { chosenFileRun } from './lib/chosen-file.mjs';
import { ensureCsv } from './lib/generate.mjs';
import { nativePeakRss } from './lib/native-peak.mjs';
import { writeSection } from './lib/report-section.mjs';
import { fmtBytes, fmtMs, fmtRatio, log, median, sql } from './lib/stats.mjs';
import { SIZES } from './lib/workload.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const runsArg = argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg >= 0 ? Number(argv[runsArg + 1]) : 3);

const [SMALL, LARGE] = SIZES;
/** Each file: made from which CSV, how native DuckDB writes it, how it reads it back. */
const FILES = [
  {
    label: 'Parquet, zstd',
    from: quick ? SMALL : LARGE,
    ext: 'zstd.parquet',
    copy: '(FORMAT parquet, COMPRESSION zstd)',
    read: 'read_parquet',
  },
  {
    label: 'Parquet, snappy',
    from: quick ? SMALL : LARGE,
    ext: 'snappy.parquet',
    copy: '(FORMAT parquet, COMPRESSION snappy)',
    read: 'read_parquet',
  },
  { label: 'JSON Lines', from: SMALL, ext: 'jsonl', copy: '(FORMAT json)', read: 'read_json' },
  // Large enough to be read in many batches (workers/load-json.ts): its peak memory is the point.
  ...(quick
    ? []
    : [
        {
          label: 'JSON Lines',
          from: LARGE,
          ext: 'jsonl',
          copy: '(FORMAT json)',
          read: 'read_json',
        },
      ]),
  {
    label: 'JSON array',
    from: SMALL,
    ext: 'json',
    copy: '(FORMAT json, ARRAY true)',
    read: 'read_json',
  },
];

/** The file written from the CSV once (kept in bench/out for later runs), and its row count. */
async function ensureFile(conn, spec) {
  const csv = await ensureCsv(`${OUT}${spec.from.file}`, spec.from.bytes);
  const path = csv.path.replace(/\.csv$/, `.${spec.ext}`);
  if (!existsSync(path))
    await conn.run(`COPY (SELECT * FROM read_csv(${sql(csv.path)})) TO ${sql(path)} ${spec.copy}`);
  const rows = (
    await conn.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${spec.read}(${sql(path)})`)
  ).getRowObjects()[0].n;
  return { path, bytes: statSync(path).size, rows: Number(rows), csvBytes: csv.bytes };
}

async function nativeIngest(path, read, threads) {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  await conn.run(`SET threads = ${threads}`);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await conn.run(`CREATE OR REPLACE TABLE t AS SELECT * FROM ${read}(${sql(path)})`);
    times.push(performance.now() - t);
  }
  return median(times);
}

function section(results) {
  const rows = results.files.map(
    (f) =>
      `| ${f.label} | ${fmtBytes(f.bytes)} (CSV ${fmtBytes(f.csvBytes)}) | ${f.rows.toLocaleString('en-US')} | ${fmtMs(f.browser.summaryMs)} | ${fmtMs(f.browser.workerMs)} | ${fmtMs(f.native.t1)} | ${fmtMs(f.native.tN)} | ${fmtRatio(f.browser.summaryMs, f.native.t1)} | ${fmtBytes(f.browser.peakRss)} | ${fmtBytes(f.native.peakRss)} | ${fmtRatio(f.browser.peakRss, f.native.peakRss)} |`,
  );
  return [
    '## Parquet and JSON ingest',
    '',
    `\`${results.command}\` · ${results.date.slice(0, 10)} · ${results.machine.nproc} cores · median of ${results.runs} runs, each in a fresh Chromium`,
    '',
    "From the file chosen (the engine already ready) to its table summary on screen, in the built app; native DuckDB (`@duckdb/node-api`) reads the same file into a table in the same run. The worker column is the worker's own load time, for context. Peak memory: the largest resident size of Chromium's renderer processes over the run (the page and its workers, DuckDB's wasm heap included; the largest of the runs), against a native DuckDB reading the same file in a process of its own (`bench/lib/native-peak.mjs`; Node's own ~50 MB included). The files are the bench's CSVs written by native DuckDB.",
    '',
    '| File | Size | Rows | Sift: chosen → summary | of which in the worker | Native, 1 thread | Native, all threads | Sift / native 1 thread | Peak renderer RSS | Native peak RSS, 1 thread | Sift / native |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    "Parquet is decoded by parquet-wasm in Sift's worker one row group at a time and each group is copied into DuckDB as Arrow; native DuckDB decodes straight into its table, in parallel where it may. JSON is parsed in the worker (JSON.parse, a line at a time for JSON Lines) and written as typed Arrow for DuckDB's Arrow import; a JSON Lines file is read twice, once for its columns and types and once in batches of 25,000 records appended to the table, so it is never held whole; duckdb-wasm's own JSON import took 1.7–1.9 s for the same files (bench/json-import compares the two on one file in Node). Everything in the browser runs on one thread (parquet-wasm and JSON.parse in Sift's worker, then the single-threaded DuckDB-WASM bundle, see Threads), so the 1-thread native figure is the fair comparison.",
  ].join('\n');
}

async function main() {
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  const maker = await (await DuckDBInstance.create(':memory:')).connect();
  const results = {
    date: new Date().toISOString(),
    command: `node bench/formats-ingest.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    runs: RUNS,
    machine: { nproc: os.availableParallelism() },
    files: [],
  };
  for (const spec of FILES) {
    const file = await ensureFile(maker, spec);
    const native = {
      t1: await nativeIngest(file.path, spec.read, 1),
      tN: await nativeIngest(file.path, spec.read, os.availableParallelism()),
      peakRss: nativePeakRss(file.path, spec.read),
    };
    log(
      `${spec.label}: ${fmtBytes(file.bytes)}, native ${fmtMs(native.t1)} (1 thread), ${fmtMs(native.tN)}`,
    );
    results.files.push({ label: spec.label, ...file, native });
  }
  const app = await startPreview(ROOT);
  try {
    for (const f of results.files) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await chosenFileRun(app.url, f.path, f.rows));
        log(
          `${f.label} run ${i + 1}: summary ${fmtMs(runs.at(-1).summaryMs)} (worker ${fmtMs(runs.at(-1).workerMs)})`,
        );
      }
      f.browser = {
        runs,
        summaryMs: median(runs.map((r) => r.summaryMs)),
        workerMs: median(runs.map((r) => r.workerMs)),
        peakRss: Math.max(...runs.map((r) => r.peakRss ?? 0)),
      };
    }
  } finally {
    await app.close();
  }
  results.totalSeconds = (performance.now() - started) / 1000;
  writeFileSync(`${OUT}formats-ingest.json`, JSON.stringify(results, null, 2));
  writeSection(`${ROOT}BENCHMARKS.md`, 'formats-ingest', section(results));
  log(`done in ${Math.round(results.totalSeconds)} s`);
}

await main();
