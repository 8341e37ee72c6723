#!/usr/bin/env node
/**
 * Threads, by measurement (issue 15): DuckDB-WASM's threaded bundle (coi, which needs a cross-origin
 * isolated page) at 1 and 2 threads against the single-threaded eh bundle the app ships, on the
 * same file in a bare page with the app's headers: load (CREATE TABLE … read_csv from a file
 * handle, as the app reads), a GROUP BY, and a profile-like pass of distinct counts.
 *
 *   node bench/threads.mjs [--quick] [--runs N]
 *
 * --quick: the 10 MB and 100 MB files only (otherwise also 1 GB, one run). A fresh Chromium per run. Writes
 * bench/out/threads.json and the "Threads" section of BENCHMARKS.md.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildAndServeHarness, openHarness } from './lib/harness.mjs';
import { ensureCsv } from './lib/generate.mjs';
import { writeSection } from './lib/report-section.mjs';
import { fmtMs, log, median } from './lib/stats.mjs';
import { AGGREGATE_SQL, HUGE, SIZES } from './lib/workload.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg >= 0 ? Number(argv[runsArg + 1]) : 3);
const sizes = [...SIZES, ...(argv.includes('--quick') ? [] : [HUGE])];

// The coi bundle picks its own thread count; `SET threads` is tried as well, since a page would
// want to match the machine's cores.
const CONFIGS = [
  { label: 'eh, 1 thread (the app)', bundle: 'eh', coi: false },
  { label: 'coi, its default threads', bundle: 'coi', coi: true },
  { label: 'coi, SET threads = 2', bundle: 'coi', threads: 2, coi: true },
];
const DISTINCT_SQL =
  'SELECT count(DISTINCT id), count(DISTINCT category), count(DISTINCT comment), approx_count_distinct(amount) FROM data';

/** A step that has not answered in this long is taken to hang: the run is recorded as failed. */
const STEP_MS = 60_000;

async function once(url, file, config) {
  const h = await openHarness(url, file);
  let step = 'open';
  const call = (name, ...args) => {
    step = name === 'run' ? String(args[0]).split(' ').slice(0, 3).join(' ') : name;
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${step}: no answer in ${STEP_MS / 1000} s`)),
        STEP_MS,
      );
    });
    return Promise.race([h.call(name, ...args), late]).finally(() => clearTimeout(timer));
  };
  try {
    const boot = await call('boot', { bundle: config.bundle, threads: config.threads });
    const path = (await call('register', 'handle')).path;
    const load = await call('run', `CREATE TABLE data AS SELECT * FROM read_csv('${path}')`);
    const groupBy = [];
    for (let i = 0; i < 5; i++) groupBy.push((await call('run', AGGREGATE_SQL)).ms);
    const distinct = await call('run', DISTINCT_SQL);
    const rows = (await call('run', 'SELECT count(*) AS n FROM data')).first.n;
    return {
      ok: true,
      threads: boot.threads,
      bundle: boot.bundle,
      bootMs: boot.bootMs,
      loadMs: load.ms,
      groupByMs: median(groupBy),
      distinctMs: distinct.ms,
      rows,
      peakRss: h.peakRss(),
      errors: h.errors,
    };
  } catch (e) {
    return {
      ok: false,
      error: (String(e?.message ?? e).startsWith(`${step}:`)
        ? String(e?.message ?? e)
        : `${step}: ${String(e?.message ?? e)}`
      )
        .split('\n')[0]
        .slice(0, 200),
      errors: h.errors,
    };
  } finally {
    await h.close();
  }
}

async function main() {
  const started = Date.now();
  const h = await buildAndServeHarness(ROOT);
  const results = {
    date: new Date().toISOString(),
    command: `node bench/threads.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    sizes: [],
  };
  try {
    for (const size of sizes) {
      const f = await ensureCsv(`${OUT}${size.file}`, size.bytes);
      const entry = { label: size.label, configs: [] };
      for (const config of CONFIGS) {
        const runs = [];
        const count = size === HUGE ? 1 : RUNS;
        for (let i = 0; i < count; i++) {
          const r = await once(config.coi ? h.coiUrl : h.url, f.path, config);
          runs.push(r);
          log(
            `${size.label} ${config.label} run ${i + 1}: ${r.ok ? `threads ${r.threads}, boot ${Math.round(r.bootMs)} ms, load ${Math.round(r.loadMs)} ms, group by ${Math.round(r.groupByMs)} ms, distinct ${Math.round(r.distinctMs)} ms, ${r.rows} rows` : `FAILED: ${r.error}`}`,
          );
          if (!r.ok) break;
        }
        const ok = runs.filter((r) => r.ok);
        entry.configs.push({
          ...config,
          runs,
          ok: ok.length === runs.length,
          error: runs.find((r) => !r.ok)?.error ?? null,
          bootMs: median(ok.map((r) => r.bootMs)),
          loadMs: median(ok.map((r) => r.loadMs)),
          groupByMs: median(ok.map((r) => r.groupByMs)),
          distinctMs: median(ok.map((r) => r.distinctMs)),
          rows: ok[0]?.rows ?? null,
        });
      }
      results.sizes.push(entry);
    }
  } finally {
    await h.close();
  }
  results.totalSeconds = (Date.now() - started) / 1000;
  writeFileSync(`${OUT}threads.json`, JSON.stringify(results, null, 2));
  const lines = [
    '## Threads',
    '',
    `Generated by \`${results.command}\` on ${results.date}: DuckDB-WASM 1.32's threaded bundle (coi, in a cross-origin isolated page) against the single-threaded eh bundle the app ships, in a bare page with the app's headers, the file read through a file handle as the app reads it. Medians of ${RUNS} runs, a fresh Chromium each (1 GB: one run). Raw numbers: bench/out/threads.json.`,
    '',
    '| File | Bundle | Boot | Load (CREATE … read_csv) | GROUP BY | Distinct counts | Outcome |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const s of results.sizes)
    for (const c of s.configs)
      lines.push(
        `| ${s.label} | ${c.label} | ${fmtMs(c.bootMs)} | ${fmtMs(c.loadMs)} | ${fmtMs(c.groupByMs)} | ${fmtMs(c.distinctMs)} | ${c.ok ? `${Number(c.rows).toLocaleString('en-US')} rows` : `failed: ${c.error}`} |`,
      );
  writeSection(`${ROOT}BENCHMARKS.md`, 'threads', lines.join('\n'));
  log(`done in ${Math.round(results.totalSeconds)} s: BENCHMARKS.md, bench/out/threads.json`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
