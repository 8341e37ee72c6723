#!/usr/bin/env node
/**
 * A Windows-1252 CSV against the same CSV in UTF-8, from the person's side (issue 28): the
 * bench's CSV with every `e` of its text made `é` (so that it is no longer ASCII), written once in
 * UTF-8 and once in Windows-1252; each chosen in the built app in a fresh Chromium once the engine
 * is ready, alternating, timed in the page from the file chosen to its table summary on screen,
 * beside native DuckDB reading the UTF-8 file into a table in the same run. A Windows-1252 file
 * with bytes in 0x80–0x9F is made UTF-8 in parts in Sift's worker, DuckDB reading each part while
 * the next is made (workers/transcode.ts, workers/text-parts.ts).
 *
 *   node bench/encodings.mjs [--huge] [--runs N] [--rewrite]
 *
 * --huge uses the 1 GB CSV instead of the 100 MB one. Expects dist/ built (npm run bench builds
 * it). Raw numbers go to bench/out/encodings[-1gb].json and the section "Encodings" (or
 * "Encodings, 1 GB") of BENCHMARKS.md is rewritten. --rewrite only rewrites the section from the
 * last run's raw numbers (after a change to its prose).
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
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
const HUGE_RUN = argv.includes('--huge');
const SIZE = HUGE_RUN ? HUGE : SIZES[1];
/** The section of BENCHMARKS.md and the raw file: one for each size, neither overwriting the other. */
const NAME = HUGE_RUN ? 'encodings-1gb' : 'encodings';
const runsArg = argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg >= 0 ? Number(argv[runsArg + 1]) : 3);

/**
 * The CSV with `e` inside a word made `é` and, in the `with-c1` variant, `s` made `š` too,
 * written in `encoding`. é is C3 A9 in UTF-8 and E9 in Windows-1252, where Latin-1 has it too:
 * DuckDB reads such a file in place. š is C5 A1 in UTF-8 and 9A in Windows-1252, one of the
 * bytes where Windows-1252 and Latin-1 differ: such a file is made UTF-8 first.
 */
async function accented(csvPath, encoding, variant) {
  const path = csvPath.replace(/\.csv$/, `.${variant}-${encoding}.csv`);
  if (existsSync(path)) return path;
  const out = createWriteStream(`${path}.part`);
  const utf8 = encoding === 'utf-8';
  const swaps = new Map([[0x65, utf8 ? Buffer.from('é') : Buffer.from([0xe9])]]);
  if (variant === 'with-c1') swaps.set(0x73, utf8 ? Buffer.from('š') : Buffer.from([0x9a]));
  for await (const chunk of createReadStream(csvPath)) {
    const parts = [];
    let start = 0;
    // Only a letter inside a word (letters on both sides): numbers such as 3.1e-7 and the
    // booleans stay what they are.
    const letter = (b) => b >= 0x61 && b <= 0x7a;
    for (let i = 1; i < chunk.length - 1; i++)
      if (swaps.has(chunk[i]) && letter(chunk[i - 1]) && letter(chunk[i + 1])) {
        parts.push(chunk.subarray(start, i), swaps.get(chunk[i]));
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

/** The files timed: each Windows-1252 file beside the same text in UTF-8. */
const VARIANTS = [
  { label: 'UTF-8, é', variant: 'accented', encoding: 'utf-8' },
  { label: 'Windows-1252, é', variant: 'accented', encoding: 'windows-1252', baseline: 0 },
  { label: 'UTF-8, é and š', variant: 'with-c1', encoding: 'utf-8' },
  { label: 'Windows-1252, é and š', variant: 'with-c1', encoding: 'windows-1252', baseline: 2 },
];

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
  const row = (x, k) => {
    const base = r.files[VARIANTS[k].baseline ?? k];
    return `| ${VARIANTS[k].label} | ${x.encoding} | ${fmtBytes(x.bytes)} | ${fmtMs(x.summaryMs)} | ${fmtMs(x.workerMs)} | ${fmtRatio(x.summaryMs, r.native.ms)} | ${fmtRatio(x.summaryMs, base.summaryMs)} | ${fmtBytes(x.peakRss)} |`;
  };
  const ratio = (k) => r.files[k].summaryMs / r.files[VARIANTS[k].baseline].summaryMs;
  const met = (k) => (ratio(k) <= 1.3 ? 'met' : 'not met');
  return [
    HUGE_RUN ? '## Encodings, 1 GB' : '## Encodings',
    '',
    `\`${r.command}\` · ${r.date.slice(0, 10)} · ${r.machine.nproc} cores · median of ${r.runs} runs each, alternating, each in a fresh Chromium`,
    '',
    `The bench's ${SIZE.label} CSV, ${r.rows.toLocaleString('en-US')} rows, with every \`e\` inside a word made \`é\` and, in the second pair, every \`s\` made \`š\` too: from the file chosen (the engine ready) to its table summary on screen. Native DuckDB (\`@duckdb/node-api\`, 1 thread) reads the first UTF-8 file into a table in the same run: ${fmtMs(r.native.ms)}. A Windows-1252 file without bytes in 0x80–0x9F (\`é\` is E9, as in Latin-1) is read by DuckDB in place as Latin-1; one with them (\`š\` is 9A; so are \`€ ’ – œ\`) is made UTF-8 in Sift's worker as it streams (a table of each byte's UTF-8 bytes), in parts cut at line ends outside quotes: DuckDB reads the first part (the first 20,480 rows, which its sniffer samples) as any file, then each later one into the same table in the dialect and types the first was read with, while the worker makes the one after it. The encoding shown is Sift's guess from the bytes: Windows-1250 has \`é\` and \`š\` at the same bytes as Windows-1252, so a guess of either reads the same text.`,
    '',
    '| File | Encoding shown | Size | Chosen → summary | of which in the worker | / native (UTF-8, 1 thread) | / the same text in UTF-8 | Peak renderer RSS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.files.map(row),
    '',
    `Issue 28 asks for at most 1.3× the same file in UTF-8: ${met(1)} for Windows-1252 read in place (${fmtRatio(r.files[1].summaryMs, r.files[0].summaryMs)}), ${met(3)} for Windows-1252 made UTF-8 (${fmtRatio(r.files[3].summaryMs, r.files[2].summaryMs)}). Where the time went before (made whole as a Blob, then read: 1.98× on 2026-11-26): reading the File ~1.0 s, the byte table ~0.7 s, the Blob ~0.4 s, and DuckDB reading a Blob more slowly than the file. Made in parts kept as Blobs: 1.55× (written to the browser's blob store and read back, they held back both workers); handed to DuckDB's worker as buffers instead: 1.38×; then, for this run, the encoding guessed from 16 KB of the head through a table of each byte's class rather than Unicode tests on its text (the guess had taken ~0.5 s in the worker), the table's UTF-8 bytes packed one number per byte, each chunk converted straight into the buffer of its part and the part handed to DuckDB without a copy (the copies had made the conversion the slower side: 1.50× on the 1 GB file), and the first part cut after 20,480 rows. The peak memory is higher by the parts in flight (two buffers of up to 48 MB, in the worker and in DuckDB's heap). TextDecoder and TextEncoder took 2.5 s for the conversion alone in a Chromium worker, against 0.45 s for the table; \`File.stream()\` read slower than slices.`,
  ].join('\n');
}

async function main() {
  if (argv.includes('--rewrite')) {
    const last = JSON.parse(readFileSync(`${OUT}${NAME}.json`, 'utf8'));
    return writeSection(`${ROOT}BENCHMARKS.md`, NAME, section(last));
  }
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  const csv = await ensureCsv(`${OUT}${SIZE.file}`, SIZE.bytes);
  const paths = [];
  for (const v of VARIANTS) paths.push(await accented(csv.path, v.encoding, v.variant));
  const native = await nativeIngest(paths[0]);
  log(`native, UTF-8, 1 thread: ${fmtMs(native.ms)} (${native.rows} rows)`);
  const runs = VARIANTS.map(() => []);
  const app = await startPreview(ROOT);
  try {
    // Alternating: each round in another order, so that no file always runs first.
    for (let i = 0; i < RUNS; i++)
      for (let j = 0; j < VARIANTS.length; j++) {
        const k = (i + j) % VARIANTS.length;
        runs[k].push(await chosenFileRun(app.url, paths[k], native.rows));
        log(`${VARIANTS[k].label} run ${i + 1}: ${fmtMs(runs[k].at(-1).summaryMs)}`);
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
  writeFileSync(`${OUT}${NAME}.json`, JSON.stringify(results, null, 2));
  writeSection(`${ROOT}BENCHMARKS.md`, NAME, section(results));
  log(`done in ${Math.round(results.totalSeconds)} s`);
}

await main();
