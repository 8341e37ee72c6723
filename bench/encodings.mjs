#!/usr/bin/env node
/**
 * A Windows-1252 CSV against the same CSV in UTF-8, from the person's side (issue 28): the
 * bench's CSV with every `e` of its text made `é` (so that it is no longer ASCII), written once in
 * UTF-8 and once in Windows-1252; each chosen in the built app in a fresh Chromium once the engine
 * is ready, alternating, timed in the page from the file chosen to its table summary on screen,
 * beside native DuckDB reading the UTF-8 file into a table in the same run. The Windows-1252 file
 * is made UTF-8 as it streams in Sift's worker (workers/transcode.ts) before DuckDB reads it.
 *
 *   node bench/encodings.mjs [--huge] [--runs N]
 *
 * --huge uses the 1 GB CSV instead of the 100 MB one. Expects dist/ built (npm run bench builds
 * it). Raw numbers go to bench/out/encodings.json and the section "Encodings" of BENCHMARKS.md is
 * rewritten.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { startPreview } from './lib/browser.mjs';
import { chosenFileRun } from './lib/chosen-file.mjs';
import { ensureCsv } from './lib/generate.mjs';
import { writeSection } from './lib/report-section.mjs';
import { fmtBytes, fmtMs, fmtRatio, log, median, sql } from './lib/stats.mjs';
import { HUGE, SIZES } from './lib/workload.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const argv = process.argv.slice(2);
const SIZE = argv.includes('--huge') ? HUGE : SIZES[1];
const runsArg = argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg >= 0 ? Number(argv[runsArg + 1]) : 3);

/** The CSV with `e` made `é`, written in `encoding` (é is C3 A9 in UTF-8, E9 in Windows-1252). */
async function accented(csvPath, encoding) {
  const path = csvPath.replace(/\.csv$/, `.accented-${encoding}.csv`);
  if (existsSync(path)) return path;
  const out = createWriteStream(`${path}.part`);
  const e = encoding === 'utf-8' ? Buffer.from('é') : Buffer.from([0xe9]);
  for await (const chunk of createReadStream(csvPath)) {
    const parts = [];
    let start = 0;
    // Only an `e` inside a word (letters on both sides): numbers such as 3.1e-7 and the
    // booleans stay what they are.
    const letter = (b) => b >= 0x61 && b <= 0x7a;
    for (let i = 1; i < chunk.length - 1; i++)
      if (chunk[i] === 0x65 && letter(chunk[i - 1]) && letter(chunk[i + 1])) {
        parts.push(chunk.subarray(start, i), e);
        start = i + 1;
      }
    parts.push(chunk.subarray(start));
    if (!out.write(Buffer.concat(parts))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const { rename } = await import('node:fs/promises');
  await rename(`${path}.part`, path);
  return path;
}

async function nativeIngest(path) {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  await conn.run('SET threads = 1');
  const times = [];
  let rows = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await conn.run(`CREATE OR REPLACE TABLE t AS SELECT * FROM read_csv(${sql(path)})`);
    times.push(performance.now() - t);
  }
  rows = Number(
    (await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM t')).getRowObjects()[0].n,
  );
  return { ms: median(times), rows };
}

function section(r) {
  const row = (label, x) =>
    `| ${label} | ${x.encoding} | ${fmtBytes(x.bytes)} | ${fmtMs(x.summaryMs)} | ${fmtMs(x.workerMs)} | ${fmtRatio(x.summaryMs, r.native.ms)} | ${fmtRatio(x.summaryMs, r.files[0].summaryMs)} | ${fmtBytes(x.peakRss)} |`;
  return [
    '## Encodings',
    '',
    `\`${r.command}\` · ${r.date.slice(0, 10)} · ${r.machine.nproc} cores · median of ${r.runs} runs each, alternating, each in a fresh Chromium`,
    '',
    `The bench's ${SIZE.label} CSV with every \`e\` inside a word made \`é\`, ${r.rows.toLocaleString('en-US')} rows: from the file chosen (the engine ready) to its table summary on screen. Native DuckDB (\`@duckdb/node-api\`, 1 thread) reads the UTF-8 file into a table in the same run: ${fmtMs(r.native.ms)}. A Windows-1252 file is made UTF-8 in Sift's worker as it streams (a table of each byte's UTF-8 bytes, the result kept as a Blob), then read by DuckDB as the UTF-8 one is.`,
    '',
    '| File | Encoding shown | Size | Chosen → summary | of which in the worker | / native (UTF-8, 1 thread) | / the UTF-8 file in Sift | Peak renderer RSS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    row('UTF-8', r.files[0]),
    row('Windows-1252', r.files[1]),
    '',
    'Issue 28 asks for at most 1.3× the UTF-8 file; this is not met yet. Timed inside the worker (one 100 MB run, the machine busy): reading the File in 8 MB slices ~1.0 s, the byte table ~0.7 s, building the Blob ~0.4 s, and DuckDB then reads a Blob more slowly than a file on disk. TextDecoder and TextEncoder took 2.5 s for the conversion alone in a Chromium worker, against 0.45 s for the table; `File.stream()` read slower than slices.',
  ].join('\n');
}

async function main() {
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  const csv = await ensureCsv(`${OUT}${SIZE.file}`, SIZE.bytes);
  const paths = [await accented(csv.path, 'utf-8'), await accented(csv.path, 'windows-1252')];
  const native = await nativeIngest(paths[0]);
  log(`native, UTF-8, 1 thread: ${fmtMs(native.ms)} (${native.rows} rows)`);
  const runs = [[], []];
  const app = await startPreview(ROOT);
  try {
    for (let i = 0; i < RUNS; i++)
      for (const k of i % 2 ? [1, 0] : [0, 1]) {
        runs[k].push(await chosenFileRun(app.url, paths[k], native.rows));
        log(`${k ? 'Windows-1252' : 'UTF-8'} run ${i + 1}: ${fmtMs(runs[k].at(-1).summaryMs)}`);
      }
  } finally {
    await app.close();
  }
  const results = {
    date: new Date().toISOString(),
    command: `node bench/encodings.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    runs: RUNS,
    machine: { nproc: os.availableParallelism() },
    rows: native.rows,
    native,
    files: runs.map((r, k) => ({
      path: paths[k],
      bytes: statSync(paths[k]).size,
      encoding: r[0].encoding,
      runs: r,
      summaryMs: median(r.map((x) => x.summaryMs)),
      workerMs: median(r.map((x) => x.workerMs)),
      peakRss: Math.max(...r.map((x) => x.peakRss ?? 0)),
    })),
    totalSeconds: (performance.now() - started) / 1000,
  };
  writeFileSync(`${OUT}encodings.json`, JSON.stringify(results, null, 2));
  writeSection(`${ROOT}BENCHMARKS.md`, 'encodings', section(results));
  log(`done in ${Math.round(results.totalSeconds)} s`);
}

await main();
